"""The router's language and tuning as data: a frozen `Lexicon` (the words, read from a language
module such as `lexicon_en`) and its `Weights` (every number the scoring uses).

Logic reads these tables and holds no word of its own: a verb, a synonym, a unit or a whole
language is added in the data module; a weight is changed here, in one place. `LEXICON` is the
lexicon in use (English).

A field is a frozenset of words, a tuple of phrases (words separated by spaces, matched on the
request's normalized words), or a mapping; `Lexicon.of(*modules)` reads their upper-case
names into it, splitting a space-separated string into words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from types import MappingProxyType, ModuleType
from typing import Any, Literal, get_type_hints

__all__ = ["KINDS", "LEXICON", "WEIGHTS", "Kind", "Lexicon", "Weights"]

Kind = Literal["create", "read", "update", "delete", "run", "stop", "restart", "check"]
KINDS: tuple[Kind, ...] = ("create", "read", "update", "delete", "run", "stop", "restart", "check")

Words = frozenset[str]
Phrases = tuple[str, ...]


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
    noun_of_verb: float = 1.0  # the noun the verb's group is named for ("jot down": a note)
    noun_cluster: float = 0.7  # a word people use for the noun ("reminder" for todo), times
    noun_stem: float = 0.9  # another form of the noun ("spend" for spending), times
    noun_abbreviation: float = 0.6  # the noun cut short in the tool ("env" for environment)
    label_short_min: int = 4  # letters: a parameter's word cut short beside a value ("prio")
    noun_hint: float = 2.0  # a name the request says, found in a listing
    noun_hint_weak: float = 1.0  # the same, found only inside a listed item's key
    noun_unsaid: float = 0.75  # minus, for each of the tool's nouns the request does not say
    own_value: float = 1.5  # a value only this tool's enums list, said ("sha256"): it names it
    own_value_letters: int = 3  # ... of at least these letters
    initials_min: int = 2  # words: a run of a tool's name nouns said by its initials ("MW")
    initials_max: int = 3
    order_words: int = 5  # an order closing a request, pointing back ("make a note of that")
    proper_name_words: int = 3  # a listed proper name said by its first word ("Priya"), at most
    unit_digits: int = 4  # decimals of a quantity converted to a parameter's unit
    math_gap_words: int = 3  # "split a bill of 87.60 between 4": words before the first number
    percent_noun_words: int = 1  # words between a percentage and its base's ("a 15% tip on")
    class_words_max: int = 3  # words: a class said after "under" ("under personal care")
    noun_verb: float = 1.5  # the tool's verb said as a noun ("a time report")
    verb_in_description: float = 1.0  # "rename": "Move or rename files"
    description_word: float = 0.5  # each request word in the tool's description
    description_cap: float = 1.5
    direction_described: float = 1.0  # "move Jana back": "Move ... back one stage"
    amount_question: float = 1.5  # "how much ...": a report, a total, a count
    money_read: float = 1.5  # "what did I spend ...": a read of the records that hold amounts
    money_listed: float = 0.5  # ... asked with no amount word: their listing, item by item
    money_spent: float = 2.0  # "spent 12.50 on lunch": a write that takes an amount
    search_question: float = 1.0  # "who ...", "which ...": a search
    search_topic: float = 1.5  # a question about a topic ("what did I write about X?"): a search
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
    fit_path: float = 2.0
    fit_email: float = 1.0
    fit_hashtag: float = 1.0
    fit_uuid: float = 1.5
    fit_sha: float = 1.0
    fit_money: float = 2.0
    fit_quantity: float = 1.5
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
    fit_example: float = 2.0  # a value the schema gives as an example
    fit_label_word: float = 1.0  # a label's word said ("on branch ...")
    fit_label_value: float = 1.5  # and a name beside it
    fit_file_kind: float = 1.0  # "notes.txt" for a text tool
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
    min_score: float = 2.0  # below this, no tool fits
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


def _words(value: Any) -> Words:
    if isinstance(value, str):
        return frozenset(value.split())
    return frozenset(value)


@dataclass(frozen=True, eq=False)
class Lexicon:
    """A language's words for the router (see `lexicon_en` for what each one holds)."""

    verb_groups: tuple[tuple[Kind, str, str], ...]  # (kind, concept, words)
    value_verbs: Words
    free_text_roles: Words
    done_action: tuple[Kind, str]
    create_action: tuple[Kind, str]
    progress_action: tuple[Kind, str]
    field_set_action: tuple[Kind, str]
    ask_action: tuple[Kind, str]
    report_action: tuple[Kind, str]
    phrasal: Mapping[str, tuple[Kind, str]]
    verb_tails: Mapping[str, tuple[str, ...]]
    open_verbs: Phrases
    articles_new: Phrases
    article_create_verbs: Phrases
    declare: Mapping[str, tuple[Kind, str]]
    declare_skip: Phrases
    spend_verbs: Words
    spend_action: tuple[Kind, str]
    price_leads: Phrases
    body_markers: Phrases
    self: Phrases
    self_contracted: Phrases
    past_tenses: Words
    past_suffix: str
    done_aux: Phrases
    done_words: Phrases
    progressive_suffix: str
    progressive_kinds: Phrases
    on_words: Phrases
    change_verbs: Phrases
    self_naming_words: Phrases
    name_key_markers: Phrases
    naming_verbs: Phrases
    named_pronouns: Phrases
    reported_requests: Phrases
    reported_subject_words: tuple[int, ...]
    task_nouns: Words
    handed_orders: Mapping[str, str]
    an_before: Words
    order_param_words: Words
    self_value_describe: Phrases
    set_word: str
    setup_tail: str
    change_markers: Phrases
    polite: Phrases
    fillers: Words
    question_words: Words
    wh_words: Words
    about_words: Words
    notice_words: Words
    pronouns: Words
    all_words: Words
    tag_nouns: Words
    from_word: str
    late_verb_after: Phrases
    stating_links: Words
    aspect_words: Words
    relative_words: Words
    stating_suffix: str
    stating_objects: Words
    verb_modifiers: Words
    amount_questions: Phrases
    money_asked: Words
    money_asked_with_amount: Words
    spent_words: Words
    spent_nouns: Words
    count_word: str
    count_questions: Phrases
    search_questions: Phrases
    topic_markers: Phrases
    stop_words: Words
    dual_words: Words
    title_words: Words
    title_describe: Phrases
    body_words: Words
    query_words: Words
    place_words: Words
    people_words: Words
    tag_words: Words
    moment_words: Words
    timely_words: Words
    timely_describe: Phrases
    date_words: Words
    typed_roles: Words
    clock_param_words: Words
    due_words: Phrases
    since_words: Words
    until_words: Words
    duration_words: Words
    duration_describe: Phrases
    count_words: Words
    count_describe: Phrases
    count_fields: Words
    more_fields: Words
    total_fields: Words
    url_words: Words
    path_words: Words
    path_side_words: Words
    id_words: Words
    id_marks: Phrases
    id_suffixes: Phrases
    name_word: str
    names_words: Words
    key_nouns: Words
    filter_word: str
    typed_labels: Words
    as_labels: Words
    as_words: Phrases
    from_labels: Words
    phone_words: Words
    email_words: Words
    org_words: Words
    person_name_words: Words
    first_name_words: Words
    last_name_words: Words
    amount_words: Words
    currency_words: Words
    quantity_words: Words
    unit_words: Words
    timezone_words: Phrases
    clock_describe: Phrases
    local_describe: Phrases
    month_param_words: Words
    label_filter_words: Words
    people_describe: Phrases
    tag_describe: Phrases
    replace_describe: str
    preconditions: Mapping[str, str]  # an update's precondition parameter -> the item's field
    deprecated_word: str
    not_noun_suffixes: Phrases
    noun_clusters: tuple[str, ...]
    directory_words: Words
    container_words: Words
    list_words: Words
    list_nouns: Words
    file_word: str
    text_file_nouns: Words
    media_file_nouns: Words
    text_extensions: Words
    media_extensions: Words
    noun_verbs: Words
    record_verbs: Words
    noun_kin: Mapping[str, tuple[str, ...]]
    prepositions: Words
    determiners: Words
    target_prepositions: Words
    one_item_words: Words
    amount_words_asked: Words
    sum_words_asked: Words
    total_verbs: Words
    query_markers: Words
    item_determiners: Phrases
    item_breaks: Phrases
    target_determiners: Phrases
    owner_words: Words
    addressees: Words
    generic_nouns: Words
    kind_words: Words
    verb_particles: Words
    phrasal_particles: Words
    direction_words: Words
    exact_words: Words
    moved_to: Phrases
    goes_for: Phrases
    either_way: Phrases
    fact_verbs: Words
    text_nouns: Phrases
    text_joints: Phrases
    new_value_words: Words
    self_beneficiaries: Phrases
    additive_tails: Phrases
    child_words: Words
    parent_words: Words
    added_marker_patterns: Phrases
    function_words: Words
    destination_prepositions: Phrases
    edge_words: Words
    kept_before_content: Phrases
    clause_breaks: Phrases
    remark_subjects: Words
    heading_marks: Phrases
    whole_quantifiers: Words
    measure_verbs: Mapping[str, tuple[str, ...]]  # "weighed" -> the words of what it measured
    whole_of: Words
    repeat_leads: Words
    repeat_units: Words
    repeat_between: Words
    how_leads: Phrases
    not_leads: Phrases
    not_leads_kept: Phrases
    kind_param_words: Phrases
    open_list_words: Phrases
    whole_list_words: Words
    kept_list_words: Words
    taken_off: Phrases
    done_word: str
    unique_words: Words
    neutral_values: Words
    data_words: Words
    range_start_words: Words
    class_param_words: Words
    self_future: Phrases
    class_leads: Phrases
    purchase_classes: Mapping[str, str]
    text_length_units: Words
    text_length_words: Words
    list_ends: Phrases
    one_of_markers: Phrases
    maker_words: Words
    made_by: Phrases
    title_breaks: Phrases
    pair_marks: Phrases
    tail_words: Words
    boundary_words: Words
    title_markers: Words
    not_value_words: Words
    labelish: Words
    reference_skip: Words
    quantifiers: Words
    search_markers: Phrases
    change_to: Phrases
    rename_verbs: Words
    says_leads: Phrases
    content_marks: Words
    content_openers: Words
    pair_words: Phrases
    gerund: str
    tag_markers: Mapping[str, str]
    tag_links: Phrases
    tag_with: Phrases
    object_pronouns: Phrases
    articles: Phrases
    tag_ends: Words
    tag_unverbs: Phrases
    list_joiners: Phrases
    pronoun_tails: Words
    several_markers: Phrases
    bullets: Phrases
    follow_up_openers: Phrases
    again_phrases: Phrases
    same_word: str
    purpose_words: Phrases
    report_nouns: Words
    again_fresh: Phrases
    also_tails: Phrases
    correction_ratio: float
    label_links: Phrases
    number_label_links: Phrases
    derived_links: Phrases
    before_label: Phrases
    with_word: str
    label_noise: Words
    description_word: str
    marked_start: Phrases
    title_keeps: Words
    place_prepositions: Phrases
    place_starts: Phrases
    place_nouns: Phrases
    loose_label_prepositions: Phrases
    bare_path_prepositions: Phrases
    marked_links: Phrases
    marked_before: Phrases
    marked_stops: Phrases
    count_before: Words
    count_after: Words
    count_names: Phrases
    count_of: Phrases
    first_words: Phrases
    last_words: Phrases
    flag_noise: Words
    detail_words: Phrases
    negations: Words
    negated_prefixes: Phrases
    un_words: Words
    enum_synonyms: tuple[tuple[str, ...], ...]
    plain_enum_values: Words
    by_labels: Words
    by_words: Phrases
    enum_links: Phrases
    enum_skip: Phrases
    done_verbs: Words
    all_values: Words
    plain_words: Words
    key_noise: Words
    page_word: str
    page_starts: Mapping[str, str]  # a listing's next-page field -> the lister's start param
    number_words: Mapping[str, int]
    currencies: Mapping[str, tuple[str, ...]]
    units: Mapping[str, tuple[str, ...]]
    measures: Mapping[str, tuple[str, ...]]  # a number parameter's name word -> units it takes
    number_suffixes: Mapping[str, int]
    percent_signs: Phrases
    rate_words: Words
    progress_words: Words
    period_months: Mapping[str, int]
    per_period_leads: Phrases
    period_adverbs: Mapping[str, str]
    measure_names: tuple[Phrases, ...]
    measure_links: Phrases
    repeat_marks: Phrases
    repeat_reach: int
    repeat_name: str
    set_words: Words
    weight_leads: Phrases
    bodyweight_words: Words
    weight_param_words: Words
    conversion_units: Mapping[str, tuple[str, ...]]
    unit_kinds: Mapping[str, tuple[str, ...]]  # a kind of quantity -> its units
    unit_sizes: Mapping[str, float]  # a unit -> its size in the first unit of its kind
    math_words: Mapping[str, str]
    percent_of: str
    percent_relations: Mapping[str, str]
    percent_words: Phrases
    math_verbs: Mapping[str, tuple[str, str, bool]]
    amount_of: str
    mean_words: Phrases
    mean_joins: Phrases
    root_words: Phrases
    each_links: Phrases
    each_words: Phrases
    expression_words: Words
    operator_nouns: Mapping[str, str]
    units_need_of: Phrases
    articles_one: Phrases
    phone_markers: Words
    dotted_abbreviations: Words
    org_markers: Phrases
    person_pronouns: Words
    person_nouns: Words
    person_questions: Words
    zone_cues: Words
    low_bound_words: Words
    high_bound_words: Words
    zone_day_cues: Words
    now_part_questions: Phrases
    not_names: Words
    timezone_aliases: Mapping[str, str]
    local_zone_words: Phrases
    zone_prepositions: Phrases
    zone_source_words: Words
    zone_target_words: Words
    zone_from: Phrases
    weekdays: Phrases
    months: Phrases
    everyday_months: Phrases
    month_abbreviation_skip: Phrases
    day_parts: Mapping[str, tuple[int, int]]
    day_part_hours: Mapping[str, tuple[int, int]]
    beside_gap: str
    default_time: tuple[int, int]
    date_alone: Phrases
    deadline_leads: Phrases
    day_formats: Phrases
    month_formats: Phrases
    clock_formats: Phrases
    default_markers: Phrases
    place_pronouns: Phrases
    answer_links: Phrases
    dashes: Phrases
    today: Phrases
    tomorrow: Phrases
    yesterday: Phrases
    day_after_tomorrow: Phrases
    day_before_yesterday: Phrases
    tonight: str
    date_leads: Phrases
    next_words: Phrases
    this_words: Phrases
    last_words_date: Phrases
    happened_nouns: Words
    earned_nouns: Words
    planning_groups: Phrases
    ordinal_suffixes: Phrases
    ordinal_date_followers: Words
    ordinal_places: Mapping[str, int]
    am_pm: Phrases
    clock_leads: Phrases
    in_word: str
    ago_word: str
    elapsed_words: Words
    second_units: Phrases
    minute_units: Phrases
    hour_units: Phrases
    day_units: Phrases
    week_units: Phrases
    month_units: Phrases
    year_units: Phrases
    half_hour: Phrases
    an_hour: Phrases
    and_a_half: str
    duration_lead: str
    range_starts: Phrases
    range_ends: Phrases
    clock_range_links: Phrases
    offset_words: Phrases
    between_word: str
    week_leads: Phrases
    week_word: str
    month_word: str
    year_word: str
    weekend_word: str
    weekend_first_day: str
    zone_tails: Phrases
    instruction_objects: Phrases
    bracket_pairs: tuple[tuple[str, str], ...]
    weekend_not_after: Phrases
    end_of: Phrases
    mid_of: Phrases
    mid_month_day: int
    end_of_day: Phrases
    end_of_day_time: tuple[int, int]
    of_word: str
    the_word: str
    past_by_kind: Mapping[str, str]
    past_by_verb: Mapping[str, str]
    infinitive_by_kind: Mapping[str, str]
    llm_hint: str
    id_labels: Phrases
    item_title_keys: tuple[str, ...]
    item_name_keys: tuple[str, ...]
    reply_keys: tuple[str, ...]
    refusal_leads: Phrases
    period_words: Words
    error_keys: tuple[str, ...]
    success_flags: tuple[str, ...]
    match_skip: Words
    timestamp_suffixes: Phrases
    correctable: Words
    never_corrected: Words
    contractions: Words
    possessive: Phrases
    vowels: str
    joins: Phrases
    name_joins: Phrases
    irregular_plurals: Mapping[str, str]
    plural_ies: str
    plural_es: Phrases
    plural_s_keep: Phrases
    stem_doubled: Phrases
    stem_undoubled: str
    stem_suffixes: Phrases
    word_endings: Phrases
    answers: Mapping[str, str]
    yes_words: Phrases
    no_words: Phrases
    drop_words: Phrases
    listing_noise: Words
    drop_fillers: Words
    instruction_params: Phrases
    hidden_keys: Phrases
    hidden_suffixes: Phrases
    zone_keys: Phrases
    zone_to: Phrases
    zone_here: Words
    name_modifiers: Words
    weights: Weights = field(default_factory=Weights)
    # each tool word of another language, and the English words it means (`with_tool_words`)
    tool_words: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, *modules: ModuleType, weights: Weights | None = None) -> Lexicon:
        """The lexicon a language's modules spell (their upper-case names, one per field)."""
        hints = get_type_hints(cls)
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name in ("weights", "tool_words"):
                continue
            name = f.name.upper()
            raw = next((getattr(m, name) for m in modules if hasattr(m, name)), None)
            if raw is None:
                raise AttributeError(f"the lexicon's modules have no {name}")
            hint = str(hints[f.name])
            if hint.startswith("frozenset"):
                values[f.name] = _words(raw)
            elif hint.startswith("tuple[str, ...]") and isinstance(raw, str):
                values[f.name] = tuple(raw.split())
            elif isinstance(raw, dict):
                values[f.name] = MappingProxyType(dict(raw))
            else:
                values[f.name] = raw
        return cls(**values, weights=weights or Weights())

    def with_tool_words(self, languages: Mapping[str, Mapping[str, str]]) -> Lexicon:
        """This lexicon, where tools that speak other languages are read too: each of their
        words (`lexicon_tools.TOOL_WORDS`, by language) joins the verb group of the English word
        it means, else the noun clusters that hold that word (a cluster of the two when none
        does). All of them, and the phrases of two words only a parameter's name says (`no hp`:
        phone), are kept in `tool_words` to read parameter names (`_tokens.param_words`)."""
        verbs = [(kind, concept, words.split()) for kind, concept, words in self.verb_groups]
        clusters = [group.split() for group in self.noun_clusters]
        meant: dict[str, tuple[str, ...]] = {}
        dual: set[str] = set()
        for words in languages.values():
            for word, english in words.items():
                meant.setdefault(word, tuple(english.split()))
                if " " in word or " " in english:  # `no hp`: a parameter's name only
                    continue
                if english in self.verbs:
                    group = verbs[self.verbs[english][1]][2]
                    group.extend([word] if word not in group else [])
                    if english not in self.dual_words:
                        continue
                    dual.add(word)  # `catatan`, a note: a noun as well, as "note" is
                holding = [c for c in clusters if english in c]
                if not holding:
                    clusters.append([english])
                    holding = clusters[-1:]
                for cluster in holding:
                    cluster.extend([word] if word not in cluster else [])
        return replace(
            self,
            verb_groups=tuple((kind, concept, " ".join(w)) for kind, concept, w in verbs),
            noun_clusters=tuple(" ".join(c) for c in clusters),
            dual_words=self.dual_words | dual,
            tool_words=MappingProxyType(meant),
        )

    # -- derived tables (computed once) -------------------------------------------------------
    @cached_property
    def verbs(self) -> Mapping[str, tuple[Kind, int]]:
        """Each verb's kind of action and synonym group (its index in `verb_groups`)."""
        out: dict[str, tuple[Kind, int]] = {}
        for index, (kind, _, words) in enumerate(self.verb_groups):
            for word in words.split():
                out.setdefault(word, (kind, index))
        return MappingProxyType(out)

    def group(self, concept: str) -> int:
        """The synonym group of a concept ("search", "report", "mark"): its index."""
        for index, (_, name, _) in enumerate(self.verb_groups):
            if name == concept:
                return index
        raise KeyError(f"no verb group {concept!r} in the lexicon")

    def in_group(self, verb: str | None, concept: str) -> bool:
        """Whether `verb` is one of the concept's verbs."""
        return verb is not None and self.group_of(verb) == self.group(concept)

    def group_of(self, verb: str) -> int | None:
        found = self.verbs.get(verb)
        return found[1] if found else None

    def kind_of(self, verb: str) -> Kind | None:
        found = self.verbs.get(verb)
        return found[0] if found else None

    @cached_property
    def phrasal_pairs(self) -> Mapping[tuple[str, str], tuple[Kind, str]]:
        return MappingProxyType({tuple(k.split()): v for k, v in self.phrasal.items()})  # type: ignore[misc]

    @cached_property
    def clusters(self) -> Mapping[str, Words]:
        """Each word of a noun cluster, and its cluster."""
        out: dict[str, Words] = {}
        for group in self.noun_clusters:
            words = frozenset(group.split())
            for word in words:
                out[word] = out.get(word, frozenset()) | words
        return MappingProxyType(out)

    @cached_property
    def file_kinds(self) -> Mapping[str, Words]:
        """A file extension and the nouns of the tools for such files."""
        out = dict.fromkeys(self.text_extensions, self.text_file_nouns)
        out.update(dict.fromkeys(self.media_extensions, self.media_file_nouns))
        return MappingProxyType(out)

    @cached_property
    def currency_names(self) -> Mapping[str, str]:
        """A currency's symbol or word (lower case) and its ISO code."""
        out: dict[str, str] = {}
        for code, names in self.currencies.items():
            out[code.lower()] = code
            for name in names:
                out.setdefault(name, code)
        return MappingProxyType(out)

    @cached_property
    def measure_groups(self) -> Mapping[str, frozenset[str]]:
        """A measure's word and every word that names the same measure."""
        return MappingProxyType(
            {word: frozenset(group) for group in self.measure_names for word in group}
        )

    @cached_property
    def unit_names(self) -> Mapping[str, str]:
        """A unit's word or abbreviation (lower case) and its canonical unit."""
        out: dict[str, str] = {}
        for unit, names in self.units.items():
            for name in (unit, *names):
                out.setdefault(name, unit)
        return MappingProxyType(out)

    @cached_property
    def purchase_class(self) -> Mapping[str, str]:
        """Each word for a thing paid for, and its class of spending ("lunch": food)."""
        out = {w: kind for kind, words in self.purchase_classes.items() for w in words.split()}
        return MappingProxyType(out)

    @cached_property
    def enum_phrases(self) -> tuple[frozenset[str], ...]:
        return tuple(frozenset(group) for group in self.enum_synonyms)

    @cached_property
    def enum_words(self) -> frozenset[str]:
        """The words of every enum synonym: real words, never corrected ("invert")."""
        return frozenset(
            w for group in self.enum_synonyms for phrase in group for w in phrase.split()
        )


def _load() -> Lexicon:
    from orchestrator.offline import lexicon_en, lexicon_en_says, lexicon_en_values, lexicon_tools

    english = Lexicon.of(lexicon_en, lexicon_en_values, lexicon_en_says)
    return english.with_tool_words(lexicon_tools.TOOL_WORDS)


LEXICON: Lexicon = _load()
WEIGHTS: Weights = LEXICON.weights
