"""English for the offline router, what it says: its sentences, the words and fields of an
answer, the words that answer yes or no, and the words the user names a place of theirs by, the
kind of record a write makes and the container it goes into (the rest is in `lexicon_en` and
`lexicon_en_values`; `lexicon.Lexicon.of` reads all three). Nothing here is code: each name is a
field of `orchestrator.offline.lexicon.Lexicon`."""

# ruff: noqa: E501

# -- what the router says ----------------------------------------------------------------------
# Sentences, with `{names}` filled in by the router.
ANSWERS = {
    "bulk": "I can act on one {noun} at a time; say which one.",
    "bulk_which": "I can act on one {noun} at a time; the {plural} meant: {names}. Say which one.",
    "made_once": "It was made once, with no date: {tool} has no way to repeat it.",
    "unfiltered": "Not filtered by “{words}”: {tool} has no such filter, so these are all it listed.",
    "part_undone": "“{part}” was not done: offline I do one thing a request; ask for it on its own.",
    "half_untried": "“{part}” was not done, since the call before it failed.",
    "half_unclear": "“{part}” was not done yet: it needs a question of its own. Say it alone.",
    "no_such_name": "No {noun} named “{name}”",
    "which_item": "Which {noun}?",
    "known_names": " (known: {names})",
    "which_reference": "which {noun} (its title or id)",
    "place_unlisted": "which {noun} (its title or id: “{place}” is of no list of {plural} shown before)",
    "id_of": "the {name} of the {noun}",
    "id_of_item": "the {name} of “{title}”",
    "text_to_keep": "the {name} “{title}” holds now, to add to it",
    "list_to_keep": "I could not read the {name} it has now, to keep them beside the new ones.",
    "not_found": "No {noun} matches “{reference}”; nothing was changed.",
    "none_listed": "There are no {nouns} yet; nothing was changed.",
    "none_named": "There are no {nouns} yet, so none is “{reference}”; nothing was changed.",
    "no_tool_to": "The {server} server has no tool to {verb} {the_noun}; nothing was changed.",
    "no_tool_here": "No tool here can {verb} {the_noun}; nothing was changed.",
    "no_tool_does": "No tool here can {verb} {what}; nothing was changed.",
    "no_tool_tells": "No tool here tells {what}; nothing was called.",
    "ambiguous": "{count} {nouns} match “{reference}”: {shown}. Say which one.",
    "shown_with_id": "“{title}” [{id}]",
    "already": "{title} is already {what}; nothing was changed.",
    "nothing_to_change": "Nothing to change in {title}: say what to set.",
    "the_noun": "the {noun}",
    "renamed_to": "renamed to “{title}”",
    "a_question": "a question",
    "no_action": "no action I know of",
    "action": "action {kind}",
    "action_verb": " (“{verb}”)",
    "when": "when {when}",
    "value_from": "{name} from “{words}”",
    "the_item": "the item “{reference}”",
    "missing_action": "an action (add, list, change, delete, …)",
    "would_need": "{tool} would need {what}",
    "what_to": "what to {verb}",
    "one_of": "{name} (one of {values})",
    "not_one_of": "{name} “{value}” is none of {values}",
    "out_of_bounds": "{name} “{value}” is not within {low} to {high}",
    "stands_for": "{name} “{value}”: “{word}” stands for something not named",
    "title_an_id": "{name} “{value}” is a record's id, not a {name}: say the {name}, or what to do with that record",
    "title_unsure": "{name} “{value}” may not be the whole {name}, or may hold more than it",
    "title_secret": "{name} “{value}” holds what reads as a secret, which I never write there",
    "unsure": "I'm not sure what to do with “{request}” offline, so I did nothing.",
    "asks_how": "“{request}” asks how, so I did nothing. What would do it:",
    "says_not": "“{request}” says not to, so I did nothing.",
    "understood": "Understood: {what}.",
    "missing": "Missing: {what}.",
    "tools_fit": "Tools that might fit:",
    "some_tools": "Some of the tools:",
    "tool_example": "- {tool}, e.g. {example}",
    "more_tools": "- … and {count} more (`orchestrator tools` lists them)",
    "no_tools": "No tools are available right now (no server is up), so I cannot do that.",
    "closing": "Glad to help. Nothing was done for that.",
    "greeting": "Hello! Nothing was done for that. Ask me to do something with the tools.",
    "capabilities": "Offline, I can use the tools of {count} servers:",
    "capabilities_one": "Offline, I can use the tools of the {server} server:",
    "capabilities_server": "- {server}: {tools}; e.g. {examples}",
    "capabilities_tail": "Ask in plain words; `orchestrator tools` lists every tool.",
    "a_request": "a request",
    "not_confirmed": "I did not {verb} {what}: that needs your confirmation.",
    "declined": "I did not {verb} {what}: you said no.",
    "failed": "That did not work: {tool} said: {message}",
    "warned": "But {tool} warned: {warning}",
    "only_default": "Only {default} {plural} are shown; ask for all {plural} to see the rest.",
    "none_default": "No {default} {plural}; {shown} — ask for all {plural}.",
    "only_first": "Only the first {limit} are shown{more}.",
    "showing_of": "Showing {shown} of {total}.",
    "up_to": "; ask for up to {top}",
    "none_found": "No {plural} found{suffix}.",
    "count_head": "{count} {noun}{suffix}:",
    "and_more": "… and {count} more",
    "due": "due",
    "today": "today",
    "tomorrow": "tomorrow",
    "yesterday": "yesterday",
    "at_time": " at {time}",
    "in_zone": "{time} in {zone} ({local} here)",
    "day_at": "{day} at {time}",
}
ANSWERS.update(
    {
        "example_title": "called {value}",
        "example_moment": "tomorrow at 3pm",
        "example_duration": "for 30 minutes",
        "example_url": "https://…",
        "example_body": "to {value}",
        "example_a": "a {noun}",
        "example_an": "an {noun}",
        "example_the": "the … {noun}",
        "example_use": "use",
        "none": "none",
        "done": "Done",
        "noun_value": "{label} {value}",
        "id_made": " (id {id})",
        # a result that is an image or a sound alone (a chart): what it is, never "Created"
        "media_made": "The {noun} came back as {media}; this answer cannot show it.",
        "media_one": "{kind} content{mime}",
        "media_several": "{count} pieces of media",
        "ids_made": " (ids {ids})",
        "item": "item",
        "found_one": "{noun}: {shown}",
        "here": "here",
        "utc": "UTC",
        "your_zone": "(your time zone)",
        "ask_stray": "I did not understand “{words}”, so I did nothing yet.",
        "ask_problem": "{problem}.",
        "deletes_all": "A yes deletes the whole {noun} ({what}), not only “{words}”",
        "ask_fields": "To {verb} the {noun} ({tool}) for “{request}” I need: {fields}. What should I use?",
        "ask_understood": "Understood: {what}.",
        "ask_reply": "Reply with the missing values (e.g. “{example}”), or ask something else.",
        "ask_go_ahead": "Should I {verb} the {noun} ({tool}) for “{request}” with only what I understood?",
        "ask_reply_yes": "Reply yes to go ahead, no to do nothing, or say it again in other words.",
        "ask_given": "Should I {verb} the {noun} ({tool}) for “{request}” with {values}?",
        "given_value": "{label} “{value}”",
        "ask_reply_given": "Reply yes to go ahead, the right value if it is not (e.g. “{example}”), or no to do nothing.",
        "ask_which": "I'm not sure which tool “{request}” is for: {tools}. Which one do you mean?",
        "ask_stated": "“{request}” has no verb I know; I only record it when you say how. Should one of these tools record it ({tools})?",
        "ask_unsaid": "Nothing before “{request}” says what “{what}” means. Which of these tools should act on it, and with what?",
        "ask_pointed": "“{word}” in “{request}” points at {before}; {maker} would make a new {noun} instead. Which of these tools should act on it, and with what?",
        "pointed_done": "what {tool} did before",
        "pointed_failed": "what {tool} tried before, which failed",
        "ask_yes": "yes",
        "hint_confirm": "go ahead with what was understood",
        "not_done": "Nothing was done.",
        "dropped": "OK, nothing was done.",
        "confirm_field": "confirm",
        "hint_moment": "a date and time, e.g. tomorrow at 3pm",
        "hint_day": "a date, e.g. next friday",
        "hint_since": "a date, e.g. last monday",
        "hint_until": "a date, e.g. next friday",
        "hint_duration": "a length, e.g. 45 minutes",
        "hint_list": "several, separated by commas",
        "hint_tool": "the tool to use",
        "hint_item": "the id of the one meant, or its place in the list (1, 2, ...)",
        "hint_month": "a month, e.g. this month or 2026-03",
        "hint_zone": "a city or time zone, e.g. Tokyo",
        "sample_moment": "tomorrow at 3pm",
        "sample_day": "next friday",
        "sample_duration": "30 minutes",
        "sample_amount": "12.50",
        "sample_currency": "EUR",
        "sample_zone": "Tokyo",
        "sample_month": "this month",
    }
)
YES_WORDS = (
    "y",
    "yes",
    "yeah",
    "yep",
    "sure",
    "ok",
    "okay",
    "go",
    "go ahead",
    "do it",
    "true",
    "1",
    "on",
    "confirm",
)
NO_WORDS = ("n", "no", "nope", "false", "0", "off", "cancel")
# Verbs that open a request of its own in a reply to a question, besides the router's verbs
# ("clear all my completed todos" to the question for a description): never the text asked for.
REPLY_REQUEST_VERBS = "clear empty tidy wipe"
# A reply to a question that takes the request back instead of answering it ("never mind",
# "cancel", "title: nvm"): nothing is done. Each comma-separated part is one of these, after
# the words of DROP_FILLERS that open it ("oh, actually never mind").
DROP_WORDS = (
    "no",
    "n",
    "nope",
    "nah",
    "no thanks",
    "no thank you",
    "never mind",
    "nevermind",
    "never mind that",
    "nvm",
    "cancel",
    "cancel that",
    "cancel it",
    "cancel this",
    "undo",
    "undo that",
    "undo it",
    "forget it",
    "forget that",
    "forget about it",
    "forget this",
    "stop",
    "stop that",
    "stop it",
    "skip",
    "skip it",
    "skip that",
    "abort",
    "quit",
    "scratch that",
    "leave it",
    "drop it",
    "don't",
    "dont",
    "do not",
    "don't do it",
    "don't do that",
    "dont do it",
    "not now",
    "none",
    "nothing",
)
DROP_FILLERS = "oh ah um uh actually ok okay wait hmm please just so sorry err no"
# Parameters whose text is what to do, shown as "to ..." in an example: `prompt`, `task`.
INSTRUCTION_PARAMS = ("prompt", "task", "task_description")
# Keys of a result's item that are not shown in a listing.
HIDDEN_KEYS = ("metadata",)
HIDDEN_SUFFIXES = ("_at", "id", "uid")
# Keys of a result that name a time zone (its value an IANA name).
ZONE_KEYS = ("timezone", "time_zone", "tz", "zone")

# -- answers -----------------------------------------------------------------------------------
PAST_BY_KIND = {
    "create": "Created",
    "update": "Updated",
    "delete": "Deleted",
    "run": "Sent",
    "stop": "Stopped",
    "restart": "Restarted",
    "check": "Checked",
    "read": "Found",
}
PAST_BY_VERB = {
    "cancel": "Cancelled",
    "move": "Moved",
    "log": "Logged",
    "start": "Started",
    "stop": "Stopped",
    "schedule": "Scheduled",
    "remove": "Removed",
    "probe": "Probed",
    "execute": "Sent",
    "write": "Wrote",
    "edit": "Edited",
    "set": "Set",
    "register": "Registered",
    "record": "Recorded",
    "suspend": "Suspended",
    "pause": "Paused",
    "archive": "Archived",
}
INFINITIVE_BY_KIND = {
    "delete": "delete",
    "update": "change",
    "create": "create",
    "stop": "cancel",
    "restart": "restart",
    "run": "start",
}
LLM_HINT = (
    "For free-form requests, configure an LLM provider (set GEMINI_API_KEY, "
    "ANTHROPIC_API_KEY or OPENAI_API_KEY, or use --provider)."
)
# Fields of a result that hold an item's title or its name, best first.
ITEM_TITLE_KEYS = "title name headline subject caption summary label text content message note description project displayname fullname"
ITEM_NAME_KEYS = "name displayname fullname"
# A result's field whose name ends so is its item's title (`card_descriptor`, `book_title`).
ITEM_TITLE_TAILS = "descriptor title"
# Fields of a result that are a reply in words (an agent's answer).
REPLY_KEYS = "content answer output response"
# How a server's own words open when it did not do what was asked, though it did not mark its
# result an error ("REJECTED — ledger left unchanged."): the answer says it failed.
REFUSAL_LEADS = (
    "rejected", "refused", "denied", "error", "failed", "failure", "unable", "invalid",
    "forbidden", "cannot", "can not", "could not", "not found", "not allowed", "nothing written",
    "declined", "user declined", "user cancelled", "user canceled",
)  # fmt: skip
# The same in languages written without spaces, anywhere in the first clause of the server's
# words (up to a mark, at most so many letters): "报名失败:裁判令牌无效。" (registration failed).
REFUSAL_MARKS = (
    *("失败", "无效", "错误", "拒绝", "无法", "不能", "没找到", "未找到", "找不到", "不存在"),
    *("失敗", "エラー", "실패", "오류"),
)
REFUSAL_CLAUSE_LETTERS = 12
# How a line of a write's result text opens when the server warns of something it did not do
# ("Pantry updated:\n⚠ Unknown ingredient: eggs"), and the fields that hold such warnings: the
# answer shows them, never a bare success.
WARNING_MARKS = ("⚠", "warning", "warn:", "caution")
WARNING_KEYS = "warning warnings"
# How often a thing is done: said, one of them fills a parameter whose default is one
# ("meditate 10 min daily" for `create_habit(name, frequency="daily")`).
PERIOD_WORDS = "hourly daily weekly monthly yearly annually"
# Fields of a result, not marked an error, that say the call failed: an error given
# (`{"error": "Rate limit reached"}`, inside a JSON text or a one-field wrapper too), or a flag
# of success that is false (`{"success": false, "message": ...}`).
ERROR_KEYS = "error errors"
SUCCESS_FLAGS = "success ok"
# A status a result gives that says nothing was done (`{"status": "unconfirmed", "message":
# "'Amina' only loosely matches 'Amina Hassan'; nothing was recorded ..."}`): its message is said.
FAILED_STATUSES = {"status": "unconfirmed ambiguous failed failure error rejected refused denied"}
# Words not compared when a reference is matched to an item.
MATCH_SKIP = "a an the my of for to and with on in at by is it this that"
# Words read in listings' fields as a timestamp, not a name.
TIMESTAMP_SUFFIXES = ("_at", "id", "date")

# -- the user's own places -----------------------------------------------------------------------
# Words before a place of the user's ("write in my diary"), and the word that opens a text
# addressed to one ("dear diary, ...").
OWNER_WORDS = "my our"
ADDRESSEES = "dear"

# -- the kind of record made, the container it goes into -----------------------------------------
# The kind of record a write says it makes, after these and an article ("save the link as a
# snippet", "store it as a secret"), and the container it says the thing goes into, after these
# and a determiner ("add eggs to the pantry", "put it in my notebook"): each names the tools
# whose own noun it is (`_made_as`).
KIND_LEADS = ("as",)
KIND_ARTICLES = ("a", "an")
CONTAINER_LEADS = ("to", "into", "onto", "in", "on")
# A list's items whose fields only its description names: "List of dicts with keys: ingredient
# (key), quantity, unit"; the field so marked is the item's key (`_described_keys`).
ITEM_KEYS_LEADS = ("with keys", "keys", "dicts with", "dict with", "objects with", "object with")
ITEM_KEY_MARKS = ("key", "required")
# A list item's key so named takes a price ("items: [{description, qty, rate}]"); a count said in
# one of these times is the count's ("10 hours of web design at $85/hr": 10, "web design").
PRICE_KEY_WORDS = "rate price cost fee"
PRICED_COUNT_UNITS = "hour hr h day week month"
PRICED_COUNT_LINKS = "of"
# Things said with their sizes, for lists of items with a width, a length and a height
# (`_dimensioned`): "8 jars 9x9x14 cm, 0.6 kg each into a 40x20x30 box". A size is a
# container's where one of these nouns is said by it ("a 40x20x30 box", "box is 18x22x12",
# "cartons that are 30x40x25": over these copulas), or after one of these prepositions.
CONTAINER_NOUNS = "box carton crate bin container case pallet mailer tote"
CONTAINER_PREPOSITIONS = "into in inside"
DIMENSION_KEYS = "width length height"
DIMENSION_UNITS = "cm mm in inch inches m ft"
DIMENSION_JOINS = "each"  # "12 mugs, each 10x10x12": over it to the thing's name
DIMENSION_STOPS = ". ? ! ;"  # a sentence's end: a weight or a list of containers stops there
DIMENSION_COPULAS = "is are that thats which a an my the"
DIMENSION_COUNTED = "boxes cases packs crates bags"  # "4 boxes of tiles": 4, of tiles
# Between two texts said as a pair, a card's two sides (`_sides`): "laufen = to run", "H2O ->
# water", "bonjour / hello", "tachycardia - fast heart rate". A required text named for a type
# (`note_type_name`), nothing said for it, takes its first example there.
SIDE_MARKS = "= -> → / - – —"
SIDE_MARKS_OWN = "= -> →"  # said of no other pair: a tool that takes one fits the request
TYPE_WORDS = "type kind"
# A required text whose description says where the record goes ("Name of the deck where the note
# should be added") is the place said after "to" or "in": "add a card to Default: ...".
WHERE_WORDS = "where"
# How a thing was sent, said after one of these leads (`_via`): "applied via Workable".
CHANNEL_WORDS = "channel source method medium platform"
CHANNEL_LEADS = "via through"
# A clause that says a thing done with the record the rest makes (`_done_after`): "add Airbnb
# data scientist, applied on nov 5", after one of these marks, its subject one of these or none.
DONE_CLAUSE_MARKS = ", . - – ;"
DONE_CLAUSE_SUBJECTS = "i we"
# A company and the job there (`_company_role`): "Airbnb data scientist", "Hooli, Receptionist",
# "a data analyst opening at Monzo", "to Canva for the content strategist role". A job ends on
# one of these nouns, a word for the post after it its own.
ROLE_NOUNS = """engineer developer programmer manager designer analyst scientist researcher writer
coordinator associate executive tester intern lead director specialist consultant architect
administrator admin assistant officer strategist receptionist accountant recruiter editor nurse
teacher technician representative rep advocate owner marketer copywriter producer planner
clerk cashier driver chef cook barista translator lawyer paralegal therapist pharmacist
electrician mechanic operator sre devops rel agent partner head vp"""
ROLE_TAILS = "role position job opening post vacancy"
ROLE_MARKS = ", - – — : ("
ROLE_PLACES = "at"
ROLE_FORS = "for"
ROLE_MODIFIERS = "senior junior lead principal staff head chief associate"
DIMENSION_LINKS = "plus"  # "... plus a cutting board 45x30x2"
WEIGHT_WORDS = "weighs weighing weight max maximum hold holds"  # "that weighs 1.5kg", "60kg max"
# Said after a thing's count, of the thing: "add eggs, 6 of them, to the pantry".
COUNT_TAILS = ("of them", "of those")
