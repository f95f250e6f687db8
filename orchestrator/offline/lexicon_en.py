"""English for the offline router: every word it reads, as data (`lexicon.Lexicon.of` loads it).

Nothing here is code: a verb, a synonym or a whole language is added by editing (or copying) this
module, `lexicon_en_values` (numbers, money, quantities, contacts, dates, times, arithmetic, word
forms) and
`lexicon_en_says` (the router's sentences).
Each name is a field of `orchestrator.offline.lexicon.Lexicon`, which says what it is for. Words
are lower case; a phrase is words separated by spaces.
"""

# ruff: noqa: E501

# -- actions -----------------------------------------------------------------------------------
# Groups of verbs that mean the same action, with the kind of action each group does. The first
# group of a kind is where a verb said in another way (a declaration, a phrasal verb) lands.
VERB_GROUPS = (
    ("create", "create", "create add new make insert generate build spin spawn deal"),
    ("create", "note", "jot note write put"),
    ("create", "save", "save keep store bookmark"),
    ("create", "record", "record log track spend spent enter"),
    ("create", "schedule", "schedule book plan arrange setup"),
    ("create", "init", "init initialize initialise scaffold bootstrap provision"),
    ("create", "remind", "remind remember"),
    ("create", "register", "register submit post publish enroll"),
    ("read", "list", "list show display browse enumerate view see"),
    ("read", "get", "get fetch read open describe inspect detail load grab"),
    ("read", "search", "search find query lookup look seek filter"),
    ("read", "report", "report summarize summarise total tally"),
    ("read", "compute", "calculate compute evaluate"),
    ("read", "choose", "choose"),
    ("update", "update", "update edit modify change set patch adjust"),
    ("update", "mark", "mark complete finish done close resolve tick archive"),
    ("update", "reopen", "reopen unfinish untick uncheck"),
    ("update", "restore", "restore undelete recover unarchive"),
    ("update", "rename", "rename retitle"),
    ("update", "move", "move push reschedule postpone delay shift"),
    ("update", "tag", "tag label untag unlabel"),
    ("update", "star", "star unstar favorite favourite pin unpin"),
    ("update", "link", "link attach associate connect"),
    ("update", "assign", "assign reassign"),
    ("update", "rate", "rate rerate"),  # "rate inception 9": its rating set
    ("update", "adjust", "prioritize prioritise bump lower raise increase decrease reduce"),
    (
        "delete",
        "delete",
        "delete remove erase destroy drop purge discard trash shred forget rid wipe unsubscribe",
    ),
    ("run", "start", "start begin launch kick resume trigger"),
    ("run", "run", "execute run perform use"),
    ("run", "ask", "ask tell have prompt consult"),
    ("run", "send", "send give dispatch"),
    ("stop", "stop", "stop cancel abort interrupt halt kill terminate pause suspend"),
    ("restart", "restart", "restart reboot reset reload relaunch"),
    ("check", "check", "probe check ping test verify validate scan detect"),
)
# A tool whose verb is one of these, with nothing to name or write, makes a value it returns
# ("Generate one or more UUIDs"): a question or a read asks it ("give me 3 uuids").
VALUE_VERBS = "generate"
# The roles of parameters that carry words of the request as free text (a title, a message, a
# query), not a typed value: a question to a tool of no verb of ours that fills none of them
# has its other words as what it is about.
FREE_TEXT_ROLES = "title body query label key keys text list person place"
# The action a statement means without a verb of its own: "I paid the bill", "the report is
# done" (a done mark); "todo: X" (a creation); "claude: X" (a question to someone).
DONE_ACTION = ("update", "done")
CREATE_ACTION = ("create", "create")
PROGRESS_ACTION = ("update", "update")  # "40% done": a change of how far along it is
FIELD_SET_ACTION = ("update", "set")  # "priority high for the X": a field set on X
ASK_ACTION = ("run", "ask")
# A thing said as done whose past verb is a state a record takes ("solved two sum": a log
# whose `status` may be "solved") records it.
REPORT_ACTION = ("create", "record")
# A verb of one group that means another group's too: "set up a call" (schedule), "set up my
# vault" (init).
VERB_SENSES = {"setup": "init"}
# Verbs only a request says, never read in a tool's name ("hash_text" hashes a text): "text
# maria that ..." sends her a message.
SPOKEN_VERBS = {"text": "send", "sms": "send", "whatsapp": "send", "pick": "choose"}
# A tool's own verb no group above holds (a request's "clear out the X todo, done it" is no
# deletion), and the kind of action it does, for a request of that kind ("wipe the test cases":
# `clear_test_cases`, "Clear all test cases"); the tool itself stays of no kind of ours.
NAME_VERB_KINDS = {"clear": "delete"}
# Two words that make one verb: ("get", "rid") deletes.
PHRASAL = {
    "get rid": ("delete", "rid"),
    "tell me": ("read", "show"),
    "give me": ("read", "show"),
    "call off": ("stop", "cancel"),
    "spin up": ("create", "create"),
    "set up": ("create", "setup"),
    "kick off": ("run", "start"),
    "look up": ("read", "lookup"),
    "jot down": ("create", "jot"),
    "write down": ("create", "jot"),
    "tick off": ("update", "complete"),
    "check off": ("update", "complete"),
    "cross off": ("update", "complete"),
    "fire up": ("create", "create"),
    "bring back": ("update", "restore"),
    "pull out": ("read", "get"),  # "pull out what's between <key> and </key> in ..."
    "file a": ("create", "submit"),  # "file a bug: ...", "file a ticket" (a file is no verb)
    "file an": ("create", "submit"),
    "file this": ("create", "submit"),
}
# A verb of ours and the word after it that make another verb, none of ours: "pick up the dry
# cleaning" is a thing to do, never a choice made.
FOREIGN_PHRASAL = ("pick up",)
# The word after a verb that belongs to it: "get rid of", "remind me to".
VERB_TAILS = {"rid": ("of",), "remind": ("me", "to"), "remember": ("me", "to")}
# Before a place a thing of the world is asked about: "what's the weather in jakarta tomorrow?"
WORLD_TOPIC_PLACES = "in at near around"
# A request that only thanks or says goodbye calls nothing: one of these (as `words_of` spells
# them: "that's" is "that s"), with nothing but the words after them.
CLOSINGS = (
    "thanks",
    "thank you",
    "thank u",
    "thx",
    "ty",
    "cheers",
    "bye",
    "goodbye",
    "good night",
    "that s all",
    "that s it",
    "that is all",
    "that ll be all",
    "nothing else",
    "all done for today",
)
CLOSING_WORDS = """a lot so much very many ok okay great perfect good nice awesome cool all for
today now tonight that s it and then bye again you u thats its"""
# ... and one that only greets ("hi there, how are you doing today?"), as `words_of` spells it.
GREETINGS = (
    "hello",
    "hi",
    "hey",
    "hiya",
    "howdy",
    "good morning",
    "good afternoon",
    "good evening",
    "how are you",
    "how are you doing",
    "how s it going",
    "how is it going",
    "hows it going",
    "hows things",
    "how s things",
    "what s up",
    "whats up",
    "sup",
)
GREETING_WORDS = "there today again everyone all folks ok okay so and friend buddy you"
# A request that asks what the assistant can do ("what can you do?", "help"): the servers and
# their tools, with a phrasing each; nothing but these words (`CAPABILITY_WORDS`) beside one.
CAPABILITY_QUESTIONS = (
    "what can you do",
    "what can you help with",
    "what can you help me with",
    "what can i ask",
    "what can i ask you",
    "what are you able to do",
    "what do you do",
    "what tools do you have",
    "which tools do you have",
    "what tools",
    "list your tools",
    "show your tools",
    "help",
)
CAPABILITY_WORDS = "so ok okay and hi hello hey please pls exactly here for me"
# "remind" said of someone else ("remind nova labs about their invoice") sends them a reminder;
# said of the user, or of nobody ("remind me to ...", "remind about X"), it is a reminder kept.
REMIND_VERBS = "remind"
REMIND_SELF = "me us myself ourselves to about of"
REMIND_LEADS = "about to of"  # what they are reminded of: "remind Bob about the meeting"
SEND_ACTION = ("run", "send")
# "open a ticket": a verb that creates when an article follows it; "give it a subtask": one
# that adds a thing to the record a pronoun after it points at, when an article follows that.
OPEN_VERBS = ("open",)
# "start a new campaign": a verb that runs a thing, said of a new one, makes it.
NEW_WORDS = ("new", "fresh")
GIVE_VERBS = ("give",)
ARTICLES_NEW = ("a", "an", "new")
# Verbs that create only before one of ARTICLES_NEW ("make a note"); else they change something.
ARTICLE_CREATE_VERBS = ("make",)
# "I spent ...", "I finished ...", "I need to ...": a statement that is an action.
DECLARE = {
    "finished": ("update", "finish"),
    "completed": ("update", "complete"),
    "did": ("update", "done"),
    "had": ("create", "record"),
    "ate": ("create", "record"),  # "i ate a banana": a thing eaten, logged
    "eaten": ("create", "record"),
    "done": ("update", "done"),
    "spent": ("create", "spent"),
    "worked": ("create", "record"),
    "need": ("create", "remind"),
    "have": ("create", "remind"),
    "must": ("create", "remind"),
    "should": ("create", "remind"),
    "gotta": ("create", "remind"),
}
# ... but before a thing ("i need a packing list"), these want what a tool makes, if one makes
# it by its own verb ("packing": `pack_checklist`).
WANTING_VERBS = "need want"
# A past verb that, with an amount of money, says money was spent ("I paid 80 dollars").
SPEND_VERBS = "paid bought spent"
SPEND_ACTION = ("create", "spent")
# A number said after these, with a spending verb, is what was paid ("bought a book for 18").
PRICE_LEADS = ("for",)
# Words before a text that says what a thing is for: "12 EUR for lunch", "a call about X".
BODY_MARKERS = ("for", "on", "about", "regarding", "re")
# Words between "I" and the declaring verb: "I've just finished".
DECLARE_SKIP = ("just", "already", "have", "had", "ve", "finally")
# A required parameter so named whose enum lists verbs takes the tool's verb: `ticket(action:
# create | get | update | delete | list)` is one tool per operation (`_operations`).
OPERATION_PARAM_WORDS = "action operation op command"
# An operation of these reads one record: it needs that record's id (`ticket_id`).
ONE_RECORD_VERBS = "get read show fetch view describe"
# Declaring verbs that say the same with no "I" before them, of a kind of a logged thing said
# after them ("had oatmeal for breakfast", "ate a bagel for lunch"), unless one of these
# follows ("had to leave", "had it fixed") or the request ends in a question mark.
DECLARE_ALONE = "had ate"
DECLARE_ALONE_NOT_BEFORE = "to it them that this"
DECLARE_ALONE_KIND_LEADS = "for"
SELF = ("i",)
SELF_CONTRACTED = ("im", "ive", "i've")
SELF_FUTURE = ("ill", "i'll", "i will", "i shall")  # "I'll begin on X": what I start now
# A past tense that says a thing is done ("I paid the electricity bill"); regular ones end in -ed.
PAST_TENSES = (
    "paid did sent went made wrote got took called rang fed gave left met read ran sold told bought"
    " spent fixed forgot slept ate drank swam rode drove flew woke wore won lost began brought"
    " caught felt kept saw heard sat spoke stood threw taught thought"
)
PAST_SUFFIX = "ed"
# A verb said with one of these before a hyphen is that verb ("back-plan it", "re-book it").
VERB_PREFIXES = "back re pre double co"
# A tool's description says what question it answers after one of these ("returns when to start").
RETURNING_VERBS = "returns return tells tell gives give shows show answers answer indicates"
# A question word that alone says what a description's answer is about ("whose turn it is").
OWN_WH_WORDS = "whose"
# Presents of past verbs too plain to say what a logging tool keeps, though its description may
# use them ("did", "went", "had", "was": "Log what you did"); any other past verb whose form a
# logging tool's description says is a record for it ("took 2 advil": "a dose taken"), each
# form the present with one of these endings.
PLAIN_PAST_PRESENTS = "do go have be get come say"
VERB_FORM_ENDINGS = ("", "s", "n", "en")
# An irregular past tense's present: "slept 8h" is a sleep to log where a tool logs sleep.
PAST_PRESENTS = {
    "slept": "sleep", "ate": "eat", "drank": "drink", "swam": "swim", "rode": "ride",
    "drove": "drive", "flew": "fly", "woke": "wake", "ran": "run", "read": "read",
    "wrote": "write", "spent": "spend", "paid": "pay", "bought": "buy", "sold": "sell",
    "met": "meet", "fed": "feed", "went": "go", "did": "do", "made": "make", "took": "take",
    "gave": "give", "won": "win", "lost": "lose", "saw": "see", "heard": "hear",
    "felt": "feel", "thought": "think", "taught": "teach", "caught": "catch",
    "brought": "bring", "kept": "keep", "wore": "wear", "sat": "sit", "stood": "stand",
    "spoke": "speak", "threw": "throw", "began": "begin",
}  # fmt: skip
# A question's words that put the day it names in the past ("how much did I spend on monday?":
# the monday gone), unless one of the leads before the day makes it a day to come ("did I
# plan anything for friday?").
PAST_QUESTION_WORDS = "did spent paid bought went was were"
FUTURE_DAY_LEADS = "for by due until till"
# Said between a verb in the past tense and its day ("applied back on sept 15th"): the day is
# the last one past.
PAST_DAY_SKIPS = "back"
# "the report is done": an item said to be done.
DONE_AUX = ("is", "are", "was", "has been", "got")
DONE_WORDS = ("done", "finished", "complete", "completed", "fixed", "resolved")
# "I'm starting on X": a verb in its -ing form after "I'm" that changes a thing's state; the
# word after it that belongs to it.
PROGRESSIVE_SUFFIX = "ing"
PROGRESSIVE_KINDS = ("run", "stop", "update")
ON_WORDS = ("on", "with")
# "make it high priority", "set the X todo to low": a change, not a creation.
CHANGE_VERBS = ("make", "set", "turn")
# "call it Space", "name it Space": before "it", a new name for the item it stands for (never
# "call them back": people are called, things named).
NAMING_VERBS = ("call", "name")
NAMED_PRONOUNS = ("it", "that", "this")
# Something asked of the user, said after its asker (one or two words: "he", "Lena", "my boss"):
# "he asked me to send the price list" is a task for the user, the words after it its title.
REPORTED_REQUESTS = ("asked me to", "told me to", "wants me to", "needs me to", "asked us to")
REPORTED_SUBJECT_WORDS = (1, 2)
# The nouns of the tools that keep such things to do.
TASK_NOUNS = "task todo reminder action"
# An order handed to someone: its verb and the word that opens the order after whom it is for
# ("tell test-runner to run the tests", "have test-runner fix it": none); the words of a
# parameter's name that say its text is such an order, a thing to do (`task_description`,
# `prompt`), not a remark on what is done (`message`, `comment`).
HANDED_ORDERS = {"ask": "to", "tell": "to", "have": ""}
ORDER_PARAM_WORDS = "task prompt instruction"
# The letters a noun opens with that take "an" in a phrasing shown as an example ("create an
# agent called ...", "an event"; "a user", "a todo").
AN_BEFORE = "a e i o"
# A description that gives the word for the user ("Me for the owner"): that word, for the one
# asked to do a thing.
SELF_VALUE_DESCRIBE = ("for the owner", "for yourself", "for the user", "for you")
SET_WORD = "set"
SETUP_TAIL = "up"
# The verb that makes the rest a change: "set X to Y", "set X as Y".
CHANGE_MARKERS = ("to", "as")
# Politeness before the verb: "could you please", "I'd like to", "go ahead and".
POLITE = (
    "can you please",
    "could you please",
    "would you please",
    "will you please",
    "can u",
    "could u",
    "can you",
    "could you",
    "would you",
    "will you",
    "i want you to",
    "i want to",
    "i need to",
    "i would like to",
    "i wd like to",
    "i d like to",
    "id like to",
    "i'd like to",
    "lets",
    "let's",
    "go ahead and",
    "help me",
    "remember to",
    "i need you to",
    "i want",
    "please could you",
)
FILLERS = """please pls plz kindly hey hi hello ok okay so now just quickly also and then yes
actually oh oops sorry wait hmm well alright again randomly nvm welp ugh argh meh sigh oof
phew yay yikes whew lol"""
# Phrases said aside that say nothing to record: "3x5 at 85kg this time".
ASIDES = ("this time", "as usual", "for once", "for a change", "right now")
# Idioms whose words are never a value: "do you fly into Atlanta at all?" asks for no status "all".
IDIOMS = ("at all", "after all", "above all", "first of all", "all in all")
# "Use when a farmer asks when to plant or harvest": a description's words for when to use
# the tool, after one of these openers, to the end of the sentence (`ToolView.cue_stems`).
CUE_OPENERS = (
    "use when",
    "use this when",
    "use it when",
    "use this tool when",
    "call when",
    "call this when",
    "useful when",
    "use if",
)
CUE_FRAME_WORDS = (
    "user users someone person people asks ask asked wants want needs need requests request"
    " says tells mentions describes tool"
)
CUE_QUESTION_WORDS = "when what which how who where why"
QUESTION_WORDS = (
    "what whats which who where when how is are was were do does did have has any anything show"
)
# A question word that, with no subject after it and no "?", says a thing done: "did squats
# yesterday, 5x5 at 100kg" (not "did you call her", "did the parcel come").
SUBJECTLESS_PAST = "did"
SUBJECT_WORDS = "i you we they he she it there the this that these those my your our their his her"
# Events a day owns ("saturday's session", "friday's game"): said so, they only say the day.
DATED_EVENTS = "session game meeting class match party event appointment practice show gig"
# Said before a question word, these ask it ("remind me what the grapple rules are"): no
# reminder is made.
ASKED_REMINDERS = ("remind me", "tell me again")
# The question words that ask for a thing (not whether): none is a verb of the request, so a
# tool's description that opens with one ("What an agent changed ...") is not thereby asked for.
WH_WORDS = "what whats which who whom whose where when how why"
# The words that put a question, never a thing it asks about ("which physics topics am I
# weakest at", "what chemistry concepts do I have so far", "what are my weak topics in maths"):
# a verb that asks, with the one it asks of or after a question word, and these phrases.
ASKING_VERBS = "am is are was were do does did have has had"
ASKED_OF = "i we you"
ASKING_PHRASES = ("so far", "right now", "at the moment", "these days")
# A change that takes the field to set as a choice and its new value apart
# (`update_profile(field: name | birth_date | birth_time, value)`): "update Maya's birth time
# to 08:50" names the field, the value is the request's.
FIELD_CHOICE_WORDS = "field attribute property"
FIELD_VALUE_WORDS = "value"
# "2 of them, 50 each" (`COUNT_TAILS`, `EACH_WORDS`): how many, and the price of one for an
# amount described so (`_typed._counted_and_each`).
PER_UNIT_WORDS = "per unit each"  # an amount described so is the price of one ("Per-unit price")
# The words before what a tool's description says it records ("Records one attempt (a
# question ...)"): those things' names, said, are the kind of record (`_account`).
RECORD_ARTICLES = "a an one"
# The marks between values said one after another ("physics - electrostatics, wrong, 300
# seconds"): each part a value (`_segments`).
SEGMENT_MARKS = (",", "-", ":", ";", "–", "—")
# Words that ask about one thing: "details of", "status of".
ABOUT_WORDS = "details detail info status contents history log logs"
NOTICE_WORDS = "urgent important asap fyi ps"
PRONOUNS = "it that this them those"
# What may follow a pronoun and still be it: "that one".
PRONOUN_TAILS = "one"
ALL_WORDS = "all every everything each whole entire"
# "remove the health tag from X" changes X; it deletes nothing.
TAG_NOUNS = "tag tags label labels"
FROM_WORD = "from"
# The verb's place after a colon or dash: "urgent: remind me ...".
LATE_VERB_AFTER = (":", ",", "to", "-")
# A sentence's end: a verb said after it, alone with what it acts on, is the order ("... applied
# Nov 16. add it").
LATE_VERB_ENDS = ". ! ;"
# A fact said with no verb of ours ("the billing task is on branch X", "Ana works at Acme"):
# the links after its subject (not after a relative word: "todos that are due"), the ending
# of a name's own verb ("knows"), and the words that may follow that verb besides a name.
STATING_LINKS = "is are was were"
RELATIVE_WORDS = "that which who whose where when"
STATING_SUFFIX = "s"
STATING_OBJECTS = "at in on for with to from of as a an the"
# A word said before the verb that says how to do it ("force delete agent writer", "hard reset
# my timer"): the verb after it is the order, the word itself is left for a flag to take.
VERB_MODIFIERS = "force forcibly hard"
# A question asking for an amount or a number: "how much", "how many", "how long", "total".
AMOUNT_QUESTIONS = (
    "how much",
    "how many",
    "how long",
    "total",
    "in total",
    "sum of",
    "count of",
    "number of",
)
# Question words that ask for one or some items among many: a search.
SEARCH_QUESTIONS = ("who", "which", "whom", "whose", "where")
# Words before what a question is about, its topic ("what did I write about memory?", "anything
# regarding the launch?"): what a search looks for.
TOPIC_MARKERS = (
    "about",
    "regarding",
    "concerning",
    "match",
    "matches",
    "matching",
    "containing",
    "mentioning",
    "mention",
    "mentions",
    "involving",
    "around",
)

# -- what a tool is ----------------------------------------------------------------------------
STOP_WORDS = """a an the my me i to of for on in at by with and or is are be it its this that these those
please can could would you your we our us do does what whats which how any all as from into
about there their them some just now also so up out one each via if when else not no new
given optionally specific"""
# A tool's name may end by naming itself (`rename_category_tool`): that word is no noun of it
# when another word is (`register_tool` keeps it).
SELF_NAMING_WORDS = ("tool", "calculator", "converter")
# In a tool's name, the word after these is what it looks things up by (`entries_by_tag`), no verb.
NAME_KEY_MARKERS = ("by",)
# Verbs that are nouns in a tool's name unless the name opens with them: `rate_movie` rates,
# `effective_rate` and `get_exchange_rate` compute and get a rate; `resume_timer` resumes,
# `export_resume` exports a résumé.
OPENING_VERBS = "rate resume"
# Words that are verbs and nouns both: in a tool's name, a noun when another verb is there.
DUAL_WORDS = "bookmark note log record book report plan tag label star link query test post file list name time schedule task check set"
# Parameter name words, by the role they give a parameter.
TITLE_WORDS = "title name headline subject caption summary lemma headword"
# A text parameter's last word that says its format, not its role (`body_markdown`: a body).
TEXT_FORMAT_WORDS = "markdown md html plain rich raw"
BODY_WORDS = "description notes note body content contents details text message prompt task comment observation observations instructions definition"
QUERY_WORDS = "query q search pattern keyword keywords term terms filter topic"
PLACE_WORDS = "location place venue room where address"
PEOPLE_WORDS = "attendee attendees participant participants people person invitee invitees guest guests member members assignee assignees email emails recipient recipients"
TAG_WORDS = "tag tags label labels keyword keywords category categories"
MOMENT_WORDS = "due deadline when at on time remind starts start begin begins scheduled date datetime day since until from to after before end ends"
TIMELY_WORDS = "date deadline due time day when occurred happened"
TIMELY_DESCRIBE = ("date", "time", "when", "day", "iso 8601")
DATE_WORDS = "date deadline due"
# A parameter named with these takes a clock time: a start and an end so named fit "6pm to 7pm".
CLOCK_PARAM_WORDS = "time hour clock"
# The roles of values read by their type, never text of the request's: a question that fills
# only these ("is 2026-11-03 a holiday in japan?") leaves no word to write anywhere.
TYPED_ROLES = (
    "moment day since until clock month number count duration amount quantity enum flag id "
    "const zone numbers matrix expression"
)
DUE_WORDS = ("due", "deadline")
SINCE_WORDS = "since from after"
RANGE_START_WORDS = "start begin"  # `start_date` beside an `end_date`: where a range starts
UNTIL_WORDS = "until to before end ends"
# "sort the boxes before the move next month": a period after these dates another event
TIED_PERIOD_WORDS = "before after until since"
DURATION_WORDS = "minutes minute mins duration hours hour seconds second secs length"
DURATION_DESCRIBE = ("minutes", "duration")
COUNT_WORDS = "limit count max size top head tail number results page"
COUNT_DESCRIBE = ("lines", "how many")
# A result's field that counts its items ("count": 3 beside three todos): not said twice.
COUNT_FIELDS = "count total number num"
# A listing result's fields that say whether more items follow what it gave (a flag, or the
# cursor or token of the next page), and how many items there are in all.
MORE_FIELDS = "has_next_page hasNextPage has_more hasMore next_cursor nextCursor"
MORE_FIELDS += " next_page_token nextPageToken next_offset nextOffset truncated isTruncated"
# A listing's field that says where its next page starts, and the lister's parameter that takes
# it: a reference the first page does not name is looked for in the pages after it.
PAGE_STARTS = {
    "next_offset": "offset",
    "nextOffset": "offset",
    "next_cursor": "cursor",
    "nextCursor": "cursor",
    "next_page_token": "page_token",
    "nextPageToken": "pageToken",
}
TOTAL_FIELDS = "total_count totalCount total total_items totalItems total_results totalResults"
URL_WORDS = "url link href uri website site"
# A parameter named so is the server's own credential (an optional `api_key` on every tool of a
# metered server): never a value a request says, so no word of one is ever sent in it.
CREDENTIAL_NAMES = ("api key", "apikey", "access token", "auth token", "license key")
# After a quoted name, a mark that gives what the name is, as a dash does ("'jitter' = variation
# in packet delay over time").
EQUALS_MARKS = "="
# "what does idempotent mean?", "define monad": the entry of that word is asked, where a server
# keeps entries with a field of one of these (`add_term(definition)`).
MEANING_WORDS = "mean means meaning meanings define definition definitions"
MEANING_VERBS = "mean means"
# A value said after one of these is a secret ("password hunter2", "token sk-test-1"): it is never
# written into a record's title or text (a todo "wifi password hunter2" is asked about).
SECRET_WORDS = "password passwords passphrase passcode token tokens pin secret apikey creds"
PATH_WORDS = "path paths file files filename source destination dir directory folder"
ID_WORDS = "id ids uid uuid"
# A number whose description sends to a listing for it is a record's id ("Sheet row number of the
# application (see list/get results)").
ID_SOURCE_LEADS = "see"
ID_SOURCE_WORDS = "list get search results listing"
# A text whose description opens with one of these is a token a call gave ("Token from the dry
# run the user approved"): never filled from the request's words.
TOKEN_WORDS = "token nonce etag cursor"
ID_MARKS = ("#",)  # a result in words marks the new record's id: "Added: #5 upgrade the node"
# The label a listing in words puts before an item's id, in brackets: "1. Testing effect (ID: ...)".
ID_LABELS = ("id",)
ID_SUFFIXES = ("_id", "_uid", "_ref", "_ids")
NAME_WORD = "name"
NUMBER_WORD = "number"  # `card_number`: a thing's number in what it belongs to (`_member_of`)
NAMES_WORDS = "name names id ids"
# A parameter named "<noun>_name" for these nouns names an existing item even on a create.
KEY_NOUNS = "entity agent node"
FILTER_WORD = "filter"
# Parameter words that say a value is a kind of thing: "of type person".
TYPED_LABELS = "type kind category"
# Labels whose value follows "as"/"by": "as analyst", "group by day".
AS_LABELS = "role type kind group"
AS_WORDS = ("as", "by")
PHONE_WORDS = "phone mobile tel telephone cell fax"
EMAIL_WORDS = "email mail"
ORG_WORDS = "company organization organisation org employer business firm"
PERSON_NAME_WORDS = "first last full given family surname firstname lastname fullname"
FIRST_NAME_WORDS = "first given firstname"
LAST_NAME_WORDS = "last family surname lastname"
AMOUNT_WORDS = "amount price cost total sum spent money"
# A number parameter named by one of these takes money said ("$25k" for `principal`), where the
# tool takes no amount.
MONEY_NUMBER_WORDS = "principal revenue income salary balance budget loan"
CURRENCY_WORDS = "currency"
QUANTITY_WORDS = "quantity qty"
UNIT_WORDS = "unit units uom measure"
TIMEZONE_WORDS = ("timezone", "tz", "zone", "time zone")
# A description that asks for a time of day, not a date: "24-hour format (HH:MM)".
CLOCK_DESCRIBE = ("hh:mm", "24-hour")
# A description that lets a time zone default to the user's: "Use 'Europe/Paris' as local timezone".
LOCAL_DESCRIBE = ("local timezone", "local time zone", "if no timezone")
MONTH_PARAM_WORDS = "month period"
# A parameter that says what a listing is about (a title word that reads as a label).
LABEL_FILTER_WORDS = "filter by level"
# Describe words that say a parameter is a list of emails or people, of tags or labels.
PEOPLE_DESCRIBE = ("email", "people")
TAG_DESCRIBE = ("tag", "label")
# A parameter whose description says a list replaces the current one.
REPLACE_DESCRIBE = "replace"
# An update's precondition, by the parameter's name, and the field of the item as listed that
# fills it: the server writes only if the item is still as it was read.
PRECONDITIONS = {
    "if_unchanged_since": "updated_at",
    "expected_updated_at": "updated_at",
    "if_match": "etag",
    "expected_version": "version",
}
DEPRECATED_WORD = "deprecated"
# Endings of description words that are no noun ("shared", "quickly").
NOT_NOUN_SUFFIXES = ("ed", "ly")

# -- what a request names ----------------------------------------------------------------------
# Words people use for a tool's noun: "reminder" for a todo (a weaker match than the noun itself).
NOUN_CLUSTERS = (
    "todo reminder remind to-do chore",
    "sentiment tone polarity upbeat",  # "does it sound upbeat?": a text's sentiment
    "secret credential cred",
    "task ticket issue card",
    "holiday holidays",
    "direct nonstop non-stop",  # a flight's
    "onestop one-stop layover connection connecting stopover",
    "blocker blockers",
    "stats statistics",
    "summary breakdown overview recap",
    "week weekly",
    "month monthly",
    "bookmark link url page site website",
    "meeting event appointment standup calendar",
    "booking appointment reservation slot",
    "meeting call",
    "entry time timer clock work tracking",
    "file document",
    "directory folder dir",
    "entity node memory graph knowledge",
    "agent bot",
    "available usable use",
    "allowed access accessible permitted",
    "config configuration setting preference",
    "int integer",
    "index position offset",
    "float decimal",
)
DIRECTORY_WORDS = "directory folder dir"
CONTAINER_WORDS = "collection folder project category list group channel calendar board space workspace column lane"
LIST_WORDS = "list lists item items"
# "my reading list": an enum value before these names the list, it is no value.
LIST_NOUNS = "list lists"
# "on my list", "to our list": a list said as the user's own, with no noun before it, is the
# list of things to do: it names the tools that keep those, never money or workouts.
OWN_LIST_OWNERS = "my our"
OWN_LIST_NOUNS = "todo task reminder chore"
OWN_LIST_FIRST = "todo"  # of those, the one "my list" says before the others (a task, less)
FILE_WORD = "file"
TEXT_FILE_NOUNS = "text document"
MEDIA_FILE_NOUNS = "media image audio picture photo"
TEXT_EXTENSIONS = (
    "txt md markdown rst py js ts json yaml yml toml csv log html xml ini cfg sh go rs java c h"
)
MEDIA_EXTENSIONS = "png jpg jpeg gif webp svg mp3 wav ogg mp4 mov"
DOCUMENT_EXTENSIONS = "pdf docx doc pptx ppt xlsx xlsm xls odt ods odp rtf"
# The words of a path parameter for the file a tool makes (`output_path`, `dest_path`), and the
# words before the file's name that say it is the one made ("merge a.pdf and b.pdf into
# all.pdf", "copy roster.xlsx as backup.xlsx", "convert notes.docx to notes.pdf").
OUTPUT_PATH_WORDS = "output dest destination target"
OUTPUT_LEADS = "into to as"
# A kind of file said by its program's name: "convert faq.html into a word document".
FILE_KIND_NAMES = {"word": "docx", "excel": "xlsx", "powerpoint": "pptx", "markdown": "md"}
# A tool verb that is also said as a noun ("a time report").
NOUN_VERBS = "report log list history summary note record"
# A tool with one of these verbs records what happened: a day to come is no record of its ("set
# up a call next tuesday" is for the calendar, not `log_interaction`).
RECORD_VERBS = "log record"
# ... and a verb of those for a new record with no noun said ("log meeting w/ sarah, 45min") is
# for a tool that keeps written entries of these, as its own verb would be.
WRITTEN_RECORD_NOUNS = "entry diary journal"
# Words said of a workout alone, never of another thing (not "run", "press", "row", "curl").
EXERCISE_KIN = (
    "gym squat deadlift ohp lunge pullup pull-up pushup push-up chinup chin-up burpee jog"
)
# Nouns that name the same kind of thing, for choosing a tool by its nouns and description
# ("a 300k mortgage": "EMI ... for a loan").
NOUN_KIN = {
    "mortgage": ("loan",),
    "text": ("sms", "message"),  # "text maria that ...": an SMS
    "flashcard": ("card",),  # "make a flashcard": a card of a deck
    "payment": ("instalment", "installment"),
    "instalment": ("payment", "installment"),
    "installment": ("payment", "instalment"),
    # what one eats is food: "what did I eat yesterday" asks for the food logged
    "eat": ("food", "meal", "nutrition"),
    "ate": ("food", "meal", "nutrition"),
    "eaten": ("food", "meal", "nutrition"),
    # a meal, the food in it, is what a log of nutrition holds: "list my meals"
    "meal": ("nutrition",),
    "food": ("nutrition",),
    # the gym is where one works out: "what did I do at the gym?" asks for the workouts
    "gym": ("workout", "exercise"),
    # a working day is a business day
    "working": ("business",),
    "workday": ("business",),
    # a target one sets oneself is a goal
    "target": ("goal",),
    # what is on one's plate is what one has to do: "what's on ali's plate?"
    "plate": ("task", "todo"),
    # a dice thrown is a random number: "roll a dice for me (1 to 6)"
    "dice": ("random",),
    # the gym and the lifts done there are a workout: "I went to the gym", "did squats"
    **dict.fromkeys(EXERCISE_KIN.split(), ("workout", "exercise", "training")),
    # what someone changed is a diff: "show me what n2 changed", "what did n2 change?"
    "change": ("diff",),
    # a note added to a record is an annotation of it: "add a note to the pancake recipe"
    "note": ("annotation", "annotate"),
    "changed": ("diff",),
    "changes": ("diff",),
}
# A word a question asks for, that no tool is named for, and the words of the names of the
# tools that give it: "any patterns in my journal?" asks for an analysis, "what's my balance?"
# for a budget (income less what was spent).
_ANALYSIS = ("analyze", "analyse", "analysis", "analytics")
ASKED_FOR = {
    "pattern": _ANALYSIS,
    "trend": _ANALYSIS,
    "insight": _ANALYSIS,
    "correlation": _ANALYSIS,
    "balance": ("budget",),
}
# Words that name a kind of a thing by its own name: "lunch at 12:30" is a meal, of the kind lunch
# (for a tool's `meal_type`), and points to the tools of meals as "meal" would.
KINDS_OF = {
    "meal": "breakfast brunch lunch dinner supper snack",
    "workout": "run jog yoga swim ride hike walk pilates cycling running jogging swimming hiking"
    " rowing spinning stretching",
}
# After a kind of a logged thing that opens a request, these tell what it was ("dinner was salmon
# and rice", "breakfast was oatmeal"): a record of it, as a number said after it is.
KIND_TOLD_LINKS = "was were"
PREPOSITIONS = "on in for of to from with by about into at onto against vs versus"
# Said before a field's name and its value, where a record goes ("under epic Bugs"):
# accounted for by that value.
LABEL_PREPOSITIONS = "under within inside"
DETERMINERS = "the my our this that"
# "... to the login bug task": the item is a target after these.
TARGET_PREPOSITIONS = "to into onto from on for"
# Words that point at one item: "details of", "what is X doing".
ONE_ITEM_WORDS = "details detail about doing status info"
# What a tool's description says it counts: "how many words: ..." for one that returns a "word
# count".
COUNT_WORD = "count"
# The questions that ask for a count of things ("how many problems have I solved": a tool that
# gives the "solved counts").
COUNT_QUESTIONS = ("how many", "number of")
# Words a question about an amount holds ("how much did I spend", "how many", "how long").
AMOUNT_WORDS_ASKED = "much many long total"
# Words that, in a question or a read ("what did I spend yesterday", "total spent last week"),
# ask about money spent: only the tools of records that hold amounts answer it.
MONEY_ASKED = "spend spent spending"
# ... and these with an amount word ("how much did I pay", "total charged"): "did I pay the
# rent?" alone asks whether a thing is done.
MONEY_ASKED_WITH_AMOUNT = "paid pay charged cost costs"
# Past forms that, with an amount said, record money spent ("spent 12.50 on lunch", "netflix
# 13.99 charged today"): only a tool that takes an amount writes it, dated today unless said.
SPENT_WORDS = "spent paid bought charged"
# The action of an amount of a thing said got (lexicon `ACQUIRE_VERBS`: "bought 1200 ADA", "got
# 500 doge") where a tool keeps amounts by a code (`add_holding(coin_symbol, amount)`): an
# addition, never a thing said done.
ACQUIRED_ACTION = ("create", "add")
# A record that is money spent by its name: a new one, its day unsaid, was spent today.
SPENT_NOUNS = "expense purchase"
# A tool named by one of these (`daily_summary`) gives totals, as a report verb's tool does.
REPORT_NOUNS = "summary total report overview stat statistic"
# ... and so, for a total of a thing a server keeps ("what's my total income?"), does a tool
# named by one of these: a budget shows what came in, what went out and what is left.
TOTALS_NOUNS = "budget"
# Words before a search's terms, which a search tool's required query needs.
QUERY_MARKERS = "for matching about"
# Words that close a reference to one item, before it ("the", "my") and that break it ("a", "to").
ITEM_DETERMINERS = ("the", "my", "our", "this", "that")
ITEM_BREAKS = ("a", "an", "to", "for")
TARGET_DETERMINERS = ("the", "my", "our")
ADDED_TO = ("to", "into", "onto")  # "add X to the Y item": Y names a record made before
# "change entry 2 to say I met Sam": the words after one of these are the record's new text.
NEW_TEXT_LEADS = ("to say", "to read", "so it says", "so that it says", "so it reads")
APPEND_VERBS = "append"  # a tool's own verb that adds "X" of "add X to the Y entry" as it is
# Items the request talks of beyond a noun: "and the X list".
GENERIC_NOUNS = "item items entry entries one thing list record"
# Words of a listing request that filter nothing ("high prio stuff this week?").
LISTING_NOISE = "stuff anything everything something whatever"
# "add a task for myself to ...": the user as the one it is for, never part of a title.
SELF_BENEFICIARIES = ("for me", "for myself", "for us", "for ourselves", "to self", "to myself")
# "tag the dentist todo with urgent as well": said in addition, never part of a name or title.
ADDITIVE_TAILS = ("as well", "too")
# "create a subtask": a thing under another one, which a `parent` parameter names.
CHILD_WORDS = "subtask subtasks subitem subitems"
PARENT_WORDS = "parent"
# A list parameter whose description says the server adds a marker to its names
# ("List of project names (without + prefix)"): the marker (group 1) is never sent.
ADDED_MARKER_PATTERNS = (
    r"without\s+(?:the\s+|a\s+|an\s+)?['\"`]?([^\w\s'\"`])['\"`]?\s*(?:prefix|sign|symbol)",
    r"['\"`]?([^\w\s'\"`])['\"`]?\s+(?:prefix\s+)?is\s+added",
)

# -- values ------------------------------------------------------------------------------------
# Function words: a word of these never makes a value on its own, and trims a phrase's ends.
EDGE_WORDS = """to that for about called named titled the a an and with on in at of by please pls plz
me it its is as due from so then this my our your into onto up down new also just now
thanks thank thx which who should must will would can could later soon instead - – —"""
# Function words: a request's word that is one of these needs no value of its own (every other
# word of a write must be a value, the verb, the tool's noun or the item acted on).
FUNCTION_WORDS = """a an the my our your his her their its this that these those me i you he she we they
it them him us to of for on in at by with and or from into onto as about is are was were be been
am do does did will would can could should shall may might must please pls plz thanks thank thx
just also so then now too there here which who whom what whose up out off some any all new much many
kindly hey hi hello ok okay yes quickly really again still already i'm im i've ive i'd id
actually oh oops sorry hmm alright welp ugh argh meh sigh oof phew yay yikes whew lol myself
yourself himself herself itself ourselves themselves
it's let's lets go ahead need want like know have has had get got make sure one another doing - @
vs versus"""
# Before the tool's own place: "to my shopping list", "on my calendar", "from my todo list".
DESTINATION_PREPOSITIONS = ("to", "on", "in", "into", "onto", "from")
# The most words a place of the tool's own may take with a value said in it ("to C programming
# concepts").
QUALIFIED_PLACE_WORDS = 4
# Before a word that names the tool's server, a place too: "register 王五 for the contest".
SERVER_PREPOSITIONS = "for"
# A choice among the options a tool showed ("choose the second option", "go with option 1"):
# the words a whole-number parameter for it is named by, the verbs that make it among the first
# words of the request (`_choice`).
CHOICE_WORDS = "choice option selection"
CHOICE_VERBS = "choose pick select take go opt"
CHOICE_VERB_REACH = 2
# The shape of a code a quantity is counted in, as a parameter's examples show them ("BTC/USDT"
# or "btc" for `coin_symbol`): "add 0.5 eth", "100 xrp" (`_counted_code`, user trial 38).
CODE_SHAPE = r"[a-z]{2,6}(?:/[a-z]{2,6})?"
# A parameter named by one of these words takes the name of a place, said after a word that
# leads it: "budget for 4 days in shanghai", "a 10 day trip to sanya" (`_place_name`, user
# trial 38).
PLACE_PARAM_WORDS = "city destination town place location"
PLACE_LEADS = "in to for visit visiting"
# Edge words that stay before the word they describe: "for a new chair".
KEPT_BEFORE_CONTENT = ("new",)
# A description's words after which it says another action, not its tool's ("Use this to find
# existing tags before creating new notes").
OTHER_ACTION_LEADS = "before after"
# Marks that end a clause: a title does not run across them.
CLAUSE_BREAKS = (",", ";")
# A clause after a break that starts with one of these says why, not which item: "delete the
# bike light todo, I sold the bike", "delete the party task, it's cancelled".
REMARK_SUBJECTS = "i im ive id we were weve they theyre he hes she shes someone somebody its"
# Words that open a clause saying why: "reload my todo.txt because I edited it".
REASON_LEADS = "because since cause cuz"
# A mark after which a text starts, the words before it a heading: "new epic: Onboarding revamp".
HEADING_MARKS = (":",)
# A parameter named for a kind of thing (`item_type`): its values may be listed in the tool's
# description, a list that ends with one of LIST_ENDS ("an issue, todo, feature, or epic").
KIND_PARAM_WORDS = ("type", "kind", "operation")
# A list a server keeps whole, whose one write replaces it: "Update the entire task list
# (complete replacement)"; the words that name such a list; "take X off the list" takes an
# item out; the status word a thing said to be done sets.
WHOLE_LIST_WORDS = "entire whole replacement"
KEPT_LIST_WORDS = "checklist"
TAKEN_OFF = ("off",)
DONE_WORD = "done"
# The level a new item of a kept list takes when the request names none (of a field that has it).
NEUTRAL_VALUES = "medium normal"
UNIQUE_WORDS = "unique"  # "- ref: Unique reference": the field that identifies an item
# "(mean, median, mode, etc.)": words that end a list the description leaves open.
OPEN_LIST_WORDS = ("etc",)
# The last word of a list of whole numbers that holds data, not ids: `data`, `values`.
DATA_WORDS = "data value number sample observation"
CLASS_PARAM_WORDS = "category type kind class"  # a class of things, not a name
CLASS_LEADS = ("under",)  # "put it under food": the class a thing is filed under
# In a question about money spent, what it was spent on is its class: "how much did I spend on
# groceries?" reads the expenses of the category groceries.
SPENT_CLASS_LEADS = ("on",)
LIST_ENDS = ("or", "and")
# The words before the values a parameter's description says it takes: "One of high, med, low",
# "common values are BACKLOG, TODO, DONE".
ONE_OF_MARKERS = ("one of", "values are", "options", "allowed values", "valid values")
# A field for who made a thing (`author`), and the word a title names its maker after: "Hyperion
# by Dan Simmons".
MAKER_WORDS = "author writer artist creator composer director maker"
MADE_BY = ("by",)
# Marks that end a title after its marker as well: "a note called retro: went well".
TITLE_BREAKS = (":",)
# A request may end in these (a title keeps any other last word: "... cannot sign in").
TAIL_WORDS = "please pls plz thanks thx now too asap instead the a an and to for with of my"
# Words that end a phrase (a label or a marked value starts after them).
BOUNDARY_WORDS = (
    "with tagged tag labels labelled labeled due called named titled priority in on at for as"
)
TITLE_MARKERS = "called named titled entitled saying"
# Words that never are a value (besides verbs and the words above).
NOT_VALUE_WORDS = "have has had does do did is are was were be can will all any which what new"
# Words that say the next value is a parameter's text: "the text '...'", "the message ...".
LABELISH = "text content message note body caption title name description prompt words line"
# Words skipped when a request names an existing item by its words.
REFERENCE_SKIP = "as status priority from off my all"
QUANTIFIERS = "all every everything any anything some my"
# Quantifiers that stand for items by themselves: a write of one item that leaves one of these
# unaccounted for asks ("commit everything" is more than one commit's worth).
WHOLE_QUANTIFIERS = "everything anything"
WHOLE_OF = "about of regarding on"  # "forget everything about Acme": all of one item
# A time said again and again ("every monday", "each morning", "every other day"): unless a
# parameter takes the repetition, a write of one date asks; with no date said, it is made once.
REPEAT_LEADS = "every each"
REPEAT_BETWEEN = "other second third"  # "every other monday"
# A request that asks how a thing is done, or what doing it would do ("how do I add a todo?",
# "what would happen if I delete X?"), not to do it: nothing is called; the tools that would
# do it are shown. And one that says not to ("don't add a todo for the gym"): nothing is done.
HOW_LEADS = (
    "how do i", "how can i", "how would i", "how should i", "how do you", "how to",
    "can you show me how", "show me how", "tell me how", "explain how",
    "what would happen if", "what happens if", "what if i",
)  # fmt: skip
# After a lead that ends with "how" ("tell me how"), the words that make it ask how a thing is
# done ("tell me how to ...", "... how i can ..."); any other ("tell me how readable X is")
# asks for a measure.
HOW_TO_FOLLOWERS = "to i you we one do does can could should would it"
HOW_WORD = "how"
# How a text parameter's description says it is a list apart by commas.
COMMA_LISTS = ("comma-separated", "comma separated", "a comma-separated")
NOT_LEADS = ("don't", "dont", "do not", "never", "please don't", "please do not")
# ...but these ask to be reminded: "don't forget to call mom tomorrow".
NOT_LEADS_KEPT = ("forget", "let me forget")
REPEAT_UNITS = """monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat
sun mondays tuesdays wednesdays thursdays fridays saturdays sundays day days week weeks month months
year years morning mornings evening evenings night nights afternoon afternoons weekday weekdays
weekend weekends hour hours minute minutes other second third"""
# Words after which a search's terms come: "search for X", "notes about X".
SEARCH_MARKERS = (
    "for",
    "about",
    "regarding",
    "concerning",
    "matching",
    "containing",
    "mentioning",
    "mention",
    "mentions",
    "involving",
    "around",
)
# Words that point to a new value in a change: "rename X to Y".
CHANGE_TO = ("to", "into", "as")
RENAME_VERBS = "rename retitle call"
# Words before an item's new text that say it replaces the old: "change the X note to just say Y".
SAYS_LEADS = ("just say", "just read", "say", "read", "just")
# A word right after a verb of writing that opens what is written, as a colon would: "jot down
# that the plumber's number is ...".
CONTENT_MARKS = "that"
# The first words of a clause such a word opens ("that the ...", "that we ..."); after any other
# word it is the thing itself ("write that down").
CONTENT_OPENERS = "the a an my our your his her their i we you he she they there"
# A pair of parameters named so takes "from X to Y".
PAIR_WORDS = ("from", "to")
# A verb form that goes with the action: "start tracking time".
GERUND = "ing"
# Words after which the items' tag is said, never a noun naming a tool: "entries tagged work".
TAGGED_WORDS = "tagged labelled labeled"
# A search's own syntax, where its description shows it: a tag ("#tag": "#projectx", "tagged
# idea"), a field over or under a number ("key:>N": "cost was over 100", "time > 2").
QUERY_TAG_MARK = "#"
QUERY_TAG_WORD = "tag"
QUERY_MORE_MARK = ":>"
QUERY_LESS_MARK = ":<"
MORE_THAN_WORDS = ("over", "above", "more than", "greater than", "at least", ">")
LESS_THAN_WORDS = ("under", "below", "less than", "at most", "<")
BOUND_LINKS = "was is were are of"
# Words that name tags: "tagged x", "labels y".
TAG_MARKERS = {
    "tagged": "tag",
    "tag": "tag",
    "tags": "tag",
    "labelled": "label",
    "labeled": "label",
    "label": "label",
    "labels": "label",
}
TAG_LINKS = ("it", "them", "her", "him", "with", "as", ":", "the", "=")
TAG_WITH = ("with", "as")  # "tag the X todo with Y"
OBJECT_PRONOUNS = ("it", "them")
# Words said with nothing but a value in a tool's notation: "I play e2e4", "and g1f3".
NOTATION_VERBS = "play plays go move and then"
# Whose value a value in a notation is, said beside it: "Nf6 for black", "e5 for black".
NOTATION_SIDES = ("for white", "for black", "as white", "as black", "white", "black")
# A notation a parameter's description names, and the pattern of a value written in it (lower
# case): chess moves in standard algebraic notation ("e4", "Nf3", "exd5", "O-O", "e8=Q+").
_SAN = (
    r"(?:o-o(?:-o)?|0-0(?:-0)?|[kqrbn][a-h]?[1-8]?x?[a-h][1-8]"
    r"|[a-h](?:x[a-h])?[1-8](?:=?[qrbn])?)[+#]?"
)
NAMED_NOTATIONS = {"algebraic notation": _SAN}
# A move said in words, for a parameter in algebraic notation: "knight to f3" is "Nf3", "pawn e2
# to e4" is "e4", "bishop takes e5" is "Bxe5", "castle kingside" is "O-O".
PIECE_NAMES = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": ""}
CASTLING_MOVES = {
    "castle kingside": "O-O",
    "castles kingside": "O-O",
    "castle king side": "O-O",
    "castle short": "O-O",
    "short castle": "O-O",
    "castle queenside": "O-O-O",
    "castles queenside": "O-O-O",
    "castle queen side": "O-O-O",
    "castle long": "O-O-O",
    "long castle": "O-O-O",
}
MOVE_LINKS = "to takes captures x on from"
CAPTURE_WORDS = "takes captures x"
# A word of a flag's name and the word that says the flag is off when said in its place: "I want
# to play black" sets `user_plays_white` false.
CONTRARY_WORDS = {"white": "black", "black": "white"}
# A flag's word for the user ("user_plays_white"), said by the user as "I", "me", "my".
USER_WORDS = "user"
# What a price is for, after it: "quoted $1,850 for a timing belt job", "1.2k to replace the
# alternator" (`_priced_for`).
PRICED_FOR = "for"
TO_WORDS = "to"
# A price said after the thing it is for: "water pump and thermostat quoted at $900".
QUOTED_VERBS = "quoted priced estimated"
QUOTED_AT = "at"
FIX_VERBS = "replace fix repair swap redo rebuild install change"
# Verbs that end a thing named by its attributes ("my 2011 civic needs a new clutch": the model
# is "civic"), besides the lexicon's verbs and question words (`_attributes`).
ATTRIBUTE_ENDS = "needs need wants want costs cost runs run makes got gets"
# Words that ask for a judgement of what was just named ("is $1,850 for a timing belt on my 2014
# honda accord reasonable?"): they end a thing's name as the verbs above do.
JUDGED_WORDS = """reasonable fair ok okay normal legit worth fine right expensive cheap overpriced
pricey steep typical standard"""
# A tool asks to be told a story ("Describe what happened at the shop"), and a request tells one
# when it reports what someone said or did ("they said i had to decide today", "wouldn't let me").
NARRATION_CUES = "describe describing"
REPORTED_VERBS = """said says told tells claimed claims insisted insists wouldnt wont refused
refuses pushing pushed kept tacked charged asked called"""
SPEAKER_WORDS = "i me my im ive ill"
# Said before what a new record is called: "log a capture from ...", "another capture".
KIND_OPENERS = "a an another"
# Words before a word for a record's text and the quoted text: "add note 'X'", "with a note".
BODY_LEADS = "add with plus and"
# Words between a range's two ends said apart: "merge cells A1 to C1", "B2 through B4".
RANGE_WORDS = "to through thru till until -"
# Before the values a tool's description lists as what it is asked for ("Example queries that
# return rows: headphones, laptop, coffee", "Try headphones, laptop, coffee, yoga, or tv"): a
# request naming one is for that tool (`_choose`).
EXAMPLE_LIST_LEADS = ("example queries", "examples", "try")
# Between a map's key and its value ("set B2 to 42", "A1 = Name", "C3: 100"), and before the
# key a value is put in ("put 'Total' in A5", "42 into B2").
KEY_VALUE_LINKS = "to = : is as"
VALUE_KEY_LINKS = "in into at"
# A formula said in words, where a map's example values are formulas ("=SUM(C1:C4)"): "the sum
# of B2:B4 in B5" is "=SUM(B2:B4)".
FORMULA_WORDS = {
    "sum": "SUM",
    "total": "SUM",
    "average": "AVERAGE",
    "avg": "AVERAGE",
    "mean": "AVERAGE",
    "max": "MAX",
    "maximum": "MAX",
    "min": "MIN",
    "minimum": "MIN",
    "count": "COUNT",
}
# Words that point back at what an earlier call returned: "pull the keywords out of that
# posting", "check it against those keywords" (`_carried`).
POINTING_WORDS = "that this those these"
# Before a kind of record, words that say it is one there is: "put the plan as a comment on the
# issue" (a reply to "Should I create the issue with title ...?" that is a request of its own).
RECORD_POINTERS = "the that this"
# What a request's second half says of what its first half reads, never known before it is
# read ("remind me to call Kenji then", "buy that much", "each one") (`_halves`).
RESULT_POINTERS = "then much many each"
ARTICLES = ("the", "a", "an")
# Words that end a list of tags: "tagged x and y to ...".
TAG_ENDS = ("to", "from", "and")
TAG_UNVERBS = ("untag", "unlabel")
LIST_JOINERS = (",", "and", "&")
# What opens several records' items, one a line, when no count is said: "add these to my list:".
SEVERAL_MARKERS = ("these", "the following", "following")
# Marks that open a line of a list: "- milk", "* eggs", "• bread".
BULLETS = ("-", "*", "•")
# A request with no verb that opens so goes on from the one before: "and in Lagos?".
FOLLOW_UP_OPENERS = ("and", "and what about", "what about", "how about", "now")
# A follow-up that moves the one day the read before was given ("what about the day after?"),
# by so many days, and the words that ask it of another read of its kind ("what about with one
# connection?", "nonstop only": `_follow_up`).
DAY_SHIFTS = {
    "day after": 1,
    "day after that": 1,
    "next day": 1,
    "following day": 1,
    "day later": 1,
    "day before": -1,
    "day before that": -1,
    "previous day": -1,
    "day earlier": -1,
}
ONLY_WORDS = "only just instead with"
# A request that opens so asks for the write just made once more ("same again", "and another
# one, same weight, 4 reps"); "same <field>" keeps that field.
AGAIN_PHRASES = (
    "same again",
    "once more",
    "one more time",
    "one more",
    "another one",
    "again",
)
AGAIN_PREFIX = "re"
SAME_WORD = "same"
# After "and ..." with no verb, what says the last change goes for another record too ("and
# the gym one too")
ALSO_TAILS = ("too", "as well", "also")
# A request with no verb that opens so, after a record was made, makes another of its kind from
# what it says alone ("add 'prepare slides' due friday, tag work", then "also 'pack gym bag'
# tagged personal").
ANOTHER_OPENERS = ("also", "plus", "and also")
POSSESSIVE_PRONOUNS = ("its", "their")
# "what's between <key> and </key> in <cfg>...": a part of a text by its two ends, and the text.
BETWEEN_WORDS = ("between",)
INSIDE_WORDS = ("in", "of", "from", "inside")
AGAIN_FRESH = ("text",)  # a raw-text argument is what was said then, not said again
# "make that 145" corrects the argument of the last write within this ratio of it (140), and
# only when no other argument is nearly as near.
CORRECTION_RATIO = 1.5
# A value labelled by a word: "project: X", "branch is X".
LABEL_LINKS = (":", "=", "is", "was", "named", "called", "says", "reads")
# After a verb that names a parameter ("assign it to Ana" for `assignee`): the words to skip.
DERIVED_LINKS = ("it", "them", "to")
# What may come before a label's value said ahead of it: "the Website project".
BEFORE_LABEL = ("the", "my", "a", "an", "in", "on", "to", "for", "into")
WITH_WORD = "with"
# The words a label word may stand for: "name" in `project_name` says nothing of its own.
LABEL_NOISE = "filter name"
DESCRIPTION_WORD = "description"
# Before a marked text: "with description X", "the X".
MARKED_START = ("with", "the", "and")
# Prepositions a title may hold after "called": "called Lunch in Paris" stops at none of these.
TITLE_KEEPS = "in on at for as"
PLACE_PREPOSITIONS = ("in", "at")
PLACE_STARTS = ("the", "room")
# A place said by its kind and its name, no preposition: "..., room 4B".
PLACE_NOUNS = ("room",)
LOOSE_LABEL_PREPOSITIONS = ("on", "for", "in", "to", "at", "into")
BARE_PATH_PREPOSITIONS = ("in", "of", "called", "named", "into", "at", "inside")
MARKED_LINKS = (":", "=", "is", "of")
MARKED_BEFORE = ("with", ",", "and")
MARKED_STOPS = ("with", "tagged", "labels")
MARKED_CLAUSE = ("that",)  # "the note that she is away": a text its field says
# A count: "the last 5 lines", "top 3".
COUNT_BEFORE = "first top last latest recent max maximum limit show"
COUNT_AFTER = "line result item entry"
COUNT_CEILINGS = "max maximum tops"  # after a count and its noun: "5 cards max"
FIRST_WORDS = ("first", "top")
LAST_WORDS = ("last", "latest")
# An adverb's ending: "secretly" says the flag `secret`.
ADVERB_ENDING = "ly"
# A past participle says what was done to a thing ("List saved quotes"), not what a tool does.
PAST_PARTICIPLE_ENDING = "ed"
# Words a flag's name may carry that say nothing of its own: "include_archived", "show_all".
FLAG_NOISE = "only include is with show use"
# A required flag of a destructive tool named by one of these ("confirm: Must be true to confirm
# deletion") is the server's own consent to the call, which the orchestrator asks the user for
# before any destructive call: sent true, never asked as a value.
CONSENT_FLAG_WORDS = "confirm confirmed confirmation sure"
DETAIL_WORDS = ("detail", "details")
NEGATIONS = (
    "not no non never without dont don't isn't aren't wasn't weren't doesn't didn't hasn't haven't"
    " isnt arent wasnt werent doesnt didnt hasnt havent"
)
# A word between a negation and what it negates: "didn't get done", "haven't been paid".
NEGATION_GAPS = "get got been be yet fully really"
NEGATED_PREFIXES = ("non-", "un")
UN_WORDS = "star starred pin pinned tag billable"
# Verbs that set a done status: "i paid the bill".
DONE_VERBS = "done finish complete close resolve tick reopen"
# The value of an enum that lists everything.
ALL_VALUES = "all any everything"
# Words that never name an item: a request holding only these and the router's own words names
# nothing to look up first.
PLAIN_WORDS = """a an the my me i to of for on in at by with and or is are be it its this that these those
please can could would you your we our us do does did what whats which how any all as from
into about there their them some just now also so up out one each if not no new yes ok
have has had was were will am im use using doing going get got tell about"""
# Words of a key parameter's name that say nothing of what it names: `agent_name`, `project_id`.
KEY_NOISE = "name id filter"
PAGE_WORD = "page"

# -- words and their forms ---------------------------------------------------------------------
# Words the router reads: a misspelling of one is corrected ("remnd" -> remind). The tools' own
# words are added per request.
CORRECTABLE = """add create make new remind remember schedule jot note record log save keep bookmark book
list show find search display view browse what which where when tell give have ask send
update change set edit modify rename move push mark complete completed finish finished done
reopen label tag untag star unstar link attach delete remove cancel erase forget clear
start stop begin restart reboot interrupt abort probe check status details detail open
read write move copy todo todos task tasks note notes agent agents meeting meetings entry
entries file files folder directory bookmark bookmarks timer project projects priority
today tonight tomorrow yesterday morning afternoon evening night week weekend month
monday tuesday wednesday thursday friday saturday sunday january february march april june
july august september october november december minutes minute hours hour
high medium low urgent important pending progress please description title caption called
named titled"""
# Everyday words never corrected, though one edit from a word above ("about" is not "abort").
NEVER_CORRECTED = """about above after again against also always another around away back because been
before being below between both came come could does doing down during each even ever
every from further going good great have having here into just know last left like
long look made many more most much must need never next nice once only other over
same shall should since some still such sure than that their them then there these
they thing think this those though through time together under until upon very want
well were what when where which while whole will with within without would your
yours news lost shop sent post test fast past list less best rest ready state their
abort about board bored store story notes nodes tests texts dated"""
# A possessive's ending: "Tom's".
POSSESSIVE = ("'s", "’s")
# Vowels, for plurals ("day" -> "days", "entry" -> "entries").
VOWELS = "aeiou"
# Words that join a pronoun to the verb: "and tag it", "then delete it".
JOINS = ("and", "then")
# Who a verb after a join is said of when it opens a request of its own: "... and remind me to
# call the vet", "... then let us know".
INSTRUCTION_OBJECTS = ("me", "us")
# Words between a join and the verb of a second clause: "... and also remind me about it".
JOIN_ADVERBS = "also please then too"
# Words that join two names into a pair of people: "Priya and Leo are old friends".
NAME_JOINS = ("and", "or", "&")
# Words whose "'s" is "is", not a possessive: "it's", "what's".
CONTRACTIONS = "it what that let there here who he she where how"
