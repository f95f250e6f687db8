"""The router's tuning as data: `Weights`, every number the scoring uses, in one place (the
words are the `Lexicon`'s, `lexicon.py`; `lexicon.WEIGHTS` is the set in use)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["Weights"]


@dataclass(frozen=True)
class Weights:
    """Every number the router scores with. A tool's score is the sum of its verb's, its nouns'
    and its values' fit; two tools closer than `margin` are rivals."""

    # the request's kind of action against the tool's
    verb_same_word: float = 4.0  # the tool's own verb ("list" for list_todos)
    verb_same_group: float = 3.0  # a synonym of it ("show")
    verb_same_kind: float = 2.0  # another verb of the same kind ("display" for get_x)
    verb_question: float = 2.0  # a question without a verb, for a read
    verb_unknown_tool: float = 0.5  # a tool with no verb, for a question
    verb_value: float = 0.5  # a tool that makes a value it returns, for a question or a read
    verb_measured_compute: float = 1.0  # values said with no verb, for a tool that calculates
    fit_conversion: float = 6.0  # both units in the tool's enums, and a value
    fit_math: float = 3.0  # arithmetic, for a tool that takes an expression or does that sum
    fit_state: float = 3.0  # a state said as a fact, for the tool described as setting it
    noun_state: float = 2.0  # a listing's name's state word, said in other words ("in progress")
    fit_numbers: float = 4.0  # a list of numbers or a grid of them, for a tool that takes one
    verb_name: float = 4.0  # the request starts with the tool's own first word ("echo ...")
    described_verb_words: int = 6  # the description's first words, where it says what it does
    zone_time_distance: int = 3  # tokens: a place this close to a time is where the time is
    described_words: int = 4  # words between "the" and "one" in "the high priority one"
    root_letters: int = 5  # a root two forms share ("degrad": "degraded", "degradation")
    list_item_words: int = 3  # words of one item of a list said apart by commas ("Team Red")
    payload_chars: int = 12  # characters of a quoted text, or one after a colon, handed over whole
    literal_chars: int = 200_000  # a result longer than this is never read as a Python literal
    near_kinds: Mapping[tuple[str, str], float] = field(
        default_factory=lambda: MappingProxyType(
            {
                ("stop", "delete"): 1.0,
                ("read", "check"): 1.5,
                ("check", "read"): 1.5,
                ("create", "update"): 0.5,
                ("delete", "update"): 0.5,
                ("update", "create"): 0.5,
                ("run", "update"): 0.5,
                ("create", "run"): 1.0,
                ("run", "create"): 0.5,
                ("stop", "update"): 0.5,
                ("restart", "stop"): 0.5,
            }
        )
    )
    # nouns
    noun_object: float = 3.0  # the object of the verb ("show the agents")
    noun_after_preposition: float = 1.5  # in a phrase ("on the DataOne project")
    noun_alias: float = 2.0  # the tool's nouns said by the name its description gives them
    kind_named: float = 3.0  # "save the link as a snippet": the kind of record a write makes
    container_named: float = 1.5  # "add eggs to the pantry": the container it goes into
    noun_of_verb: float = 1.0  # the noun the verb's group is named for ("jot down": a note)
    noun_cluster: float = 0.7  # a word people use for the noun ("reminder" for todo), times
    field_named: float = 3.0  # a change whose field choice the request names, with a value
    own_list_other: float = 0.3  # "my list" for a task: a list of things to do, less a todo
    noun_stem: float = 0.9  # another form of the noun ("spend" for spending), times
    noun_abbreviation: float = 0.6  # the noun cut short in the tool ("env" for environment)
    label_short_min: int = 4  # letters: a parameter's word cut short beside a value ("prio")
    reply_words_own: int = 2  # words besides typed values a reply says: a request of its own
    quoted_example: float = 6.0  # the request is an example the tool's description quotes
    noun_hint: float = 2.0  # a name the request says, found in a listing
    noun_hint_weak: float = 1.0  # the same, found only inside a listed item's key
    noun_unsaid: float = 0.75  # minus, for each of the tool's nouns the request does not say
    noun_of_other_server: float = 1.0  # minus, a read whose server has none of the nouns said
    noun_described_by_read: float = 1.5  # a read whose description names what only its
    # server's other tools are named for ("show my holdings": "a summary of all holdings")
    choice_said: float = 4.0  # "choose the second option": the tool that takes the choice
    own_value: float = 1.5  # a value only this tool's enums list, said ("sha256"): it names it
    own_value_letters: int = 3  # ... of at least these letters
    initials_min: int = 2  # words: a run of a tool's name nouns said by its initials ("MW")
    channel_words_max: int = 4  # words of a channel said after "via" (more: no channel)
    alias_tail_min: int = 4  # letters of a compound's part that names its tool (flash|card)
    initials_max: int = 3
    narration_words: int = 10  # "the shop said ...": a story told, at least
    narration_reports: int = 2  # "said ... wouldn't ...": the verbs that report it, at least
    narrated: float = 3.0  # a story told to the tool that asks for one
    attribute_extra: int = 1  # "2020 Jeep Grand Cherokee": a last attribute of two words
    returned_reach: int = 4  # "returns when to start drafting": the words a question asks of
    order_words: int = 5  # an order closing a request, pointing back ("make a note of that")
    proper_name_words: int = 3  # a listed proper name said by its first word ("Priya"), at most
    unit_digits: int = 4  # decimals of a quantity converted to a parameter's unit
    unit_figures: int = 6  # at least these significant figures of one (1e-07 F for "100nF")
    math_gap_words: int = 3  # "split a bill of 87.60 between 4": words before the first number
    percent_noun_words: int = 1  # words between a percentage and its base's ("a 15% tip on")
    class_words_max: int = 3  # words: a class said after "under" ("under personal care")
    noun_verb: float = 1.5  # the tool's verb said as a noun ("a time report")
    verb_in_description: float = 1.0  # "rename": "Move or rename files"
    description_word: float = 0.5  # each request word in the tool's description
    description_cap: float = 1.5
    direction_described: float = 1.0  # "move Jana back": "Move ... back one stage"
    amount_question: float = 1.5  # "how much ...": a report, a total, a count
    asked_for: float = 3.0  # "any patterns ...?": a tool named for what it gives (an analysis)
    described_phrase: float = 3.0  # "my cost basis?": a read described "Cost-basis summary"
    report_of_written: float = 1.5  # "total income": a report of the server whose write says it
    class_filter: float = 1.5  # "spend on groceries": a read that filters by the class said
    money_read: float = 1.5  # "what did I spend ...": a read of the records that hold amounts
    money_listed: float = 0.5  # ... asked with no amount word: their listing, item by item
    money_spent: float = 2.0  # "spent 12.50 on lunch": a write that takes an amount
    search_question: float = 1.0  # "who ...", "which ...": a search
    answer_described: float = 3.0  # "whats due?": "Returns what maintenance is due now"
    search_topic: float = 1.5  # a question about a topic ("what did I write about X?"): a search
    phrase_in_description: float = 1.0  # two words in a row its description says ("html entity")
    cue_word: float = 1.5  # each request word the description's "Use when ..." says
    cue_cap: float = 3.0
    fit_payload: float = 1.5  # a text handed over whole, for a tool that takes one (listing: minus)
    fit_bounds: float = 0.75  # a range said, for a tool's two bounds (twice: of the numbers' type)
    fit_listed: float = 1.5  # items listed ("Alice, Bob, Carol"), for a tool that takes a list
    fit_network: float = 3.0  # addresses or blocks said, for a tool they fill (minus: none)
    fit_pattern: float = 1.5  # a pattern said ("\d+"), for a tool that takes one
    searched_terms: float = 0.5  # "find a coffee emoji": a search by its terms, of two reads
    foreign_read: float = 0.5  # minus: a read of things about an item, their noun unsaid
    deprecated: float = 3.0  # minus
    # values the request carries that the tool has a place for
    fit_when: float = 1.5
    fit_range: float = 1.0  # a range of days, for a tool that takes its start and its end
    fit_duration: float = 2.0
    future_record: float = 1.5  # minus: a record of what happened, dated in days to come
    fit_named_number: float = 0.75  # a number said with a parameter's name ("430 cal"), each
    fit_named_cap: float = 3.0
    asked_task: float = 1.5  # "he asked me to ...": a tool that keeps tasks
    fit_clock_range: float = 1.5  # "6pm to 7pm": a start and an end time, or (minus) one moment
    fit_url: float = 2.0
    counted: float = 3.0  # "how many words", for a tool described as giving a word count
    counted_reach: int = 3  # words: "statistics about the todo list" gives the todos' count
    fit_coded: float = 2.0  # a word written as a code, for a tool whose schema shows such
    acquired_code_letters: int = 4  # "got 500 doge": a code said got in lower case, no longer
    fit_path: float = 2.0
    fit_email: float = 1.0
    fit_hashtag: float = 1.0
    fit_secret: float = 2.0  # a secret's value said ("pin 0000"), for a tool that keeps secrets
    fit_route: float = 2.0  # a route said ("from JFK to SFO"), for a tool that takes its two ends
    fit_offset: float = 2.0  # a span before or after a day said, for a tool that moves a day by one
    count_asked: float = (
        3.0  # "how many days ...?" of a tool given a count of days: asked, not given
    )
    fit_handoff: float = 6.0  # a person asked for, for a tool that hands the talk to one
    fit_color: float = 2.0  # a colour said ("#1a73e8", "white"), for a tool that takes colours;
    # an emoji's glyph, for one that takes a character
    fit_uuid: float = 1.5
    fit_sha: float = 1.0
    fit_money: float = 2.0
    fit_currency: float = 1.0  # a currency said alone, for a tool that takes one
    fit_quantity: float = 1.5
    fit_company_role: float = 2.0  # a company and the job there, for a tool that needs both
    fit_sides: float = 3.0  # two texts said as a pair ("laufen = to run") for a card's sides
    fit_sizes: float = 4.0  # sizes said ("9x9x14") for lists of things with sizes (packing)
    fit_sets: float = 1.5  # a count of sets ("5x5 at 100kg") for a list of exercises with sets
    fit_phone: float = 1.5
    fit_zone: float = 2.0
    fit_month: float = 1.0
    fit_person: float = 1.5  # a person's name, for a tool about people or with their fields
    unfit_value: float = 1.0  # minus: a URL or a path the tool has no place for
    fit_paths: float = 2.5  # several paths, for a tool that takes several
    unfit_paths: float = 1.0
    file_in_folder_tool: float = 3.0  # minus: "show me notes.txt" is a file, not a folder
    fit_enum: float = 1.0  # each enum value named, up to
    fit_enum_cap: float = 2.0
    person_details: float = 1.0  # a read of one person's details, the person named by name
    fit_day_word: float = 1.0  # the day said, a word a read's date filter's pattern lists
    fit_example: float = 2.0  # a value the schema gives as an example
    fit_notation: float = 2.0  # a value or a map's key written in the notation a parameter's
    # example shows ("make A1:D1 bold" for "Cell range like "A1:D1"", "set B2 to 42")
    fit_marked: float = 1.5  # a name said with the mark a read's filter says it goes without
    fit_label_word: float = 1.0  # a label's word said ("on branch ...")
    fit_label_value: float = 1.5  # and a name beside it
    fit_file_kind: float = 1.0  # "notes.txt" for a text tool
    file_kind_named: float = 2.0  # "notes.docx" for a tool named for docx files (`read_docx`);
    # minus, for a tool named for another kind (`read_csv` for "cover.pdf")
    read_required: float = 0.25  # minus, per required value of a read (of two alike, the simpler)
    get_one: float = 1.5  # a read of one item, for a request naming one
    get_maybe: float = 0.5  # ... naming something
    get_none: float = 1.0  # minus ... naming nothing
    list_one: float = 0.5  # minus: a listing, for a request naming one item
    update_target: float = 1.5  # "add X to the Y task": an update of Y
    create_target: float = 2.5  # minus, for a create
    missing_link: float = 1.5  # minus: a required link or path the request lacks
    missing_moment: float = 1.0  # minus: a required time or length it lacks
    missing_structure: float = 1.5  # minus: a required object or query it lacks
    filter_value: float = 2.0  # a read whose filter value a listing showed
    # deciding
    margin: float = 1.0  # closer than this, two tools are rivals
    twins_planned: int = 3  # tools making the same thing, planned when the best cannot go on
    min_score: float = 2.0  # below this, no tool fits
    unexplained_words: int = 2  # a read whose nouns are unsaid, with this many words left over
    # (and half the request's), chosen by less than `min_score` and this margin, is not what the
    unexplained_margin: float = 1.0  # request is about
    run_words: int = 2  # words left unread, one run at least this long, offered as the one text
    # a write lacks
    unnamed_span: float = (
        2.5  # "delete passport": tools of the same kind this close are asked about
    )
    reads_ahead: float = 0.25  # of rival reads, the best when it is this far ahead
    discover_span: float = 3.0  # tools this close to the best have their names listed first
    other_server_margin: float = 2.0  # a write on a server the request's nouns do not name
    # finding the listing for a tool
    lister_item_noun: float = 5.0
    lister_shared_noun: float = 1.0
    lister_description: float = 1.0
    lister_distance: float = 1.0
    lister_same_server: float = 20.0
