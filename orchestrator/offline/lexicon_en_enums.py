"""English for the offline router, the values of enums: the other words each is said in
("urgent" for high; "weekly" for week is `PERIOD_ADVERBS`'s), the everyday ones that count only
beside their parameter's word, and the words that link a value to its parameter (the rest is in
`lexicon_en` and the other `lexicon_en_*` modules; `lexicon.Lexicon.of` reads them all). Nothing
here is code: each name is a field of `orchestrator.offline.lexicon.Lexicon`."""

# Enum values said in other words ("urgent" for high); a phrase is words separated by spaces.
ENUM_SYNONYMS = (
    ("high", "urgent", "important", "asap", "critical", "crucial", "top"),
    ("low", "minor", "trivial", "someday", "unimportant", "whenever", "no rush"),
    ("medium", "normal", "moderate", "regular"),
    (
        "completed",
        "complete",
        "done",
        "finished",
        "finish",
        "closed",
        "resolved",
        "ticked",
        "checked off",
        "ticked off",
        "crossed off",
    ),
    (
        "pending",
        "open",
        "outstanding",
        "remaining",
        "unfinished",
        "incomplete",
        "not done",
        "need to be done",
        "reopen",
        "reopened",
        "not started",
        "still need",
    ),
    ("in progress", "in-progress", "ongoing", "started", "working on", "wip", "doing", "active"),
    ("archived", "archive"),
    # a computation an `operation` parameter names: "average of 4, 8, 15", "invert the matrix"
    ("mean", "average", "avg"),
    ("stdev", "std", "stddev", "standard deviation"),
    ("inverse", "invert"),
    ("is prime", "prime number"),
    ("prime factors", "factorise", "factorize", "factorization", "factorisation"),
    ("all", "every", "everything", "including", "any"),
    ("busy", "working", "running"),
    ("idle", "free", "waiting"),
    ("failed", "broken", "crashed"),
)
# Values a server keeps in another language, each with the words an English request says it
# in: a translation, taken in a write too (unlike a synonym, "urgent", for a value only a
# description lists). User trial 38: a trip planner's "住宿档次 (经济/中档/高档)", "行程节奏
# (紧凑/适中/轻松)", "季节 (春季/夏季/秋季/冬季)".
VALUE_TRANSLATIONS = (
    ("春季", "spring", "春天"),
    ("夏季", "summer", "夏天"),
    ("秋季", "autumn", "fall", "秋天"),
    ("冬季", "winter", "冬天"),
    ("经济", "economy", "cheap", "budget hotel", "经济型"),
    ("中档", "mid-range", "midrange", "mid range"),
    ("高档", "luxury", "upscale", "high-end", "high end", "fancy", "nice hotel"),
    ("紧凑", "packed", "tight", "jam-packed"),
    ("适中", "moderate pace", "balanced"),
    ("轻松", "relaxed", "chill", "leisurely", "laid-back", "laid back"),
    ("历史文化", "history", "historical", "culture", "cultural"),
    ("自然风光", "nature", "scenery", "scenic"),
    ("美食", "food", "foodie", "cuisine"),
    ("购物", "shopping"),
    ("红茶", "black tea"),
    ("绿茶", "green tea"),
    ("乌龙茶", "oolong", "oolong tea"),
    ("白茶", "white tea"),
    ("黑茶", "dark tea", "pu-erh", "puer"),
)
# A value said negated ("haven't finished", "not completed yet") names its contrary, by its
# synonyms' groups: completed's words negated are pending.
NEGATED_VALUES = {"completed": "pending"}
# Before a value a read takes in as well, never as its filter: "show all my bookings including
# cancelled ones", "plus the done ones".
INCLUSION_LEADS = "including incl plus"
# Between the two values a description lists after its parameter's name ("filter by status:
# confirmed or cancelled"); "and" joins what a text holds ("task: objectives and constraints").
EITHER_JOINS = "or"
# The same in a description written without spaces, between values in Latin letters
# ("宠物类型，cat或dog，默认cat": cat or dog), and the marks that part values each glossed after
# "=" ("cabin=客舱、cargo=托运、both=两者": cabin, cargo, both).
UNSPACED_EITHER_JOINS = ("或者", "或")
UNSPACED_LIST_MARKS = ("、", "，", ",")
# Levels of one scale: a text parameter whose default is one of them ("medium") takes another
# said beside its word ("high priority", "priority low").
LEVEL_SCALES = (("lowest", "low", "medium", "normal", "high", "highest", "urgent", "critical"),)
# Enum values that are everyday adjectives: they count only next to their parameter's word.
PLAIN_ENUM_VALUES = "high low medium normal top regular open any free"
# ... or said apart, an item of its own between these marks (or the end): "tag work, high".
APART_MARKS = (",", ";")
# Enum labels that only count after "by"/"per": "group by day".
BY_LABELS = "group sort"
BY_WORDS = ("by", "per")
ENUM_LINKS = (":", "to", "is", "as")
ENUM_SKIP = ("the", "a", "an", "be", "as")
# A word right after one of these is the verb of a clause ("the best world-building I've ever
# read", "we never finished it"), never a value a field takes ("reading"); after "I've" alone
# it may be ("the tickets I've closed").
CLAUSE_LEADS = "ever never"
