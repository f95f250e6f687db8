"""The router's language and tuning as data: a frozen `Lexicon` (the words, read from a language
module such as `lexicon_en`) and its `Weights` (every number the scoring uses, `weights.py`).

Logic reads these tables and holds no word of its own: a verb, a synonym, a unit or a whole
language is added in the data module; a weight is changed in `weights.py`, in one place.
`LEXICON` is the lexicon in use (English).

A field is a frozenset of words, a tuple of phrases (words separated by spaces, matched on the
request's normalized words), or a mapping; `Lexicon.of(*modules)` reads their upper-case
names into it, splitting a space-separated string into words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from importlib import import_module
from types import MappingProxyType, ModuleType
from typing import Any, Literal, get_type_hints

from orchestrator.offline._tool_words import joined
from orchestrator.offline.weights import Weights

__all__ = ["KINDS", "LEXICON", "WEIGHTS", "Kind", "Lexicon", "Weights"]

Kind = Literal["create", "read", "update", "delete", "run", "stop", "restart", "check"]
KINDS: tuple[Kind, ...] = ("create", "read", "update", "delete", "run", "stop", "restart", "check")

Words = frozenset[str]
Phrases = tuple[str, ...]


def _words(value: Any) -> Words:
    if isinstance(value, str):
        return frozenset(value.split())
    return frozenset(value)


@dataclass(frozen=True, eq=False)
class Lexicon:
    """A language's words for the router (see `lexicon_en` for what each one holds)."""

    verb_groups: tuple[tuple[Kind, str, str], ...]  # (kind, concept, words)
    verb_senses: Mapping[str, str]  # verb -> the concept of another group it means too
    spoken_verbs: Mapping[str, str]  # a verb only requests say -> the verb it means
    name_verb_kinds: Mapping[str, Kind]  # a tool's own verb, no request's -> its kind of action
    value_verbs: Words
    free_text_roles: Words
    done_action: tuple[Kind, str]
    create_action: tuple[Kind, str]
    progress_action: tuple[Kind, str]
    field_set_action: tuple[Kind, str]
    ask_action: tuple[Kind, str]
    report_action: tuple[Kind, str]
    phrasal: Mapping[str, tuple[Kind, str]]
    foreign_phrasal: Phrases  # "pick up the dry cleaning": no verb of ours, a thing to do
    verb_tails: Mapping[str, tuple[str, ...]]
    open_verbs: Phrases
    new_words: Phrases
    give_verbs: Phrases
    articles_new: Phrases
    article_create_verbs: Phrases
    declare: Mapping[str, tuple[Kind, str]]
    declare_skip: Phrases
    world_topic_places: Words  # "the weather in jakarta": where, no thing of a tool's
    closings: tuple[str, ...]  # "thanks, that's all": a closing, nothing to do (`router`)
    closing_words: Words
    greetings: tuple[str, ...]  # "hello", "how are you?": a greeting, nothing to do (`router`)
    greeting_words: Words
    capability_questions: tuple[str, ...]  # "what can you do?": the tools, server by server
    capability_words: Words
    remind_verbs: Words  # "remind nova labs about ...": someone else, a thing sent (`_read`)
    remind_self: Words
    remind_leads: Words
    send_action: tuple[Kind, str]
    price_key_words: Words  # `_priced_items`: an invoice line's price
    priced_count_units: Words
    priced_count_links: Words
    container_nouns: Words  # `_dimensioned`: what things are packed into
    container_prepositions: Words
    dimension_keys: Words
    dimension_units: Words
    dimension_joins: Words
    dimension_stops: Words
    dimension_copulas: Words
    dimension_counted: Words
    dimension_links: Words
    side_marks: Words  # `_sides`: between a card's two sides
    side_marks_own: Words
    type_words: Words
    where_words: Words
    channel_words: Words  # `_via`: how a thing was sent
    channel_leads: Words
    done_clause_marks: Words  # `_done_after`
    done_clause_subjects: Words
    role_nouns: Words  # `_company_role`: a job's last word
    role_tails: Words
    role_marks: Words
    role_places: Words
    role_fors: Words
    role_modifiers: Words
    weight_words: Words
    inclusion_leads: Words  # "including cancelled ones": a read of all, no filter
    either_joins: Words  # "status: confirmed or cancelled": two values a description lists
    unspaced_either_joins: Phrases  # "cat或dog" (`_listed`)
    unspaced_list_marks: Phrases  # "cabin=客舱、cargo=托运" (`_listed`)
    level_scales: tuple[tuple[str, ...], ...]  # "high priority" where the default is "medium"
    operation_param_words: Words  # `ticket(action: create | get | ...)`: `_operations`
    one_record_verbs: Words  # `ticket(action: get)`: an operation on one record
    declare_alone: Words  # "had oatmeal": a declaring verb that needs no "I"
    declare_alone_not_before: Words
    declare_alone_kind_leads: Words  # "had oatmeal for breakfast": the kind after "for"
    spend_verbs: Words
    spend_action: tuple[Kind, str]
    price_leads: Phrases
    body_markers: Phrases
    self: Phrases
    self_contracted: Phrases
    past_tenses: Words
    past_presents: Mapping[str, str]  # an irregular past -> its present ("slept" -> "sleep")
    past_suffix: str
    own_wh_words: Words  # "whose ...?": a question word that alone says what is asked
    returning_verbs: Words  # "This returns when to start drafting": what a tool answers
    verb_prefixes: Words  # "back-plan", "re-book": the verb after the hyphen
    past_question_words: Words
    future_day_leads: Words
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
    asides: Phrases  # "this time": said aside, nothing to record
    idioms: Phrases  # "at all": its words never a value (no status "all")
    question_words: Words
    value_rule_verbs: Phrases  # "bios_type must be one of: ...": a parameter's values said
    value_dots: Phrases  # "P0 (critical) · P1 (high)": the marks a list of values is parted by
    region_words: Words  # `county`, `region`: a parameter named for a region said after "in"
    offset_units: Phrases  # "2 weeks before": a day before or after another, said last
    offset_sides: Phrases  # ... with no day it is from: never a title's words
    day_pointers: Phrases  # "on that start date": a day pointed at, none read (`_titles`)
    day_pointed: Phrases
    state_codes: Words  # "FL", "GA": a state's code, that ends a postal address (`_postal`)
    address_words: Words  # `delivery_address`: a parameter that takes a postal address
    not_postal_words: Words  # `email_address`, `ip_address`: an address of another kind
    cue_openers: Phrases  # "Use when a farmer asks when to plant": what the tool is for
    cue_frame_words: Words  # ... and the words of that frame, no word of what it is for
    cue_question_words: Words  # ... a question word said there ("when to plant") is one
    asking_verbs: Words  # "am I", "do I have": a question's, never a filter's words (`_fill`)
    asked_of: Words
    asking_phrases: Phrases
    label_prepositions: Words  # "under epic Bugs": accounted for by the value (`_account`)
    field_choice_words: Words  # `update_profile(field, value)`: the field a change names
    field_value_words: Words
    per_unit_words: Words  # "Per-unit price": the amount "50 each" is (`_typed`)
    record_articles: Words  # "Records one attempt (a question ...)": its kinds (`_account`)
    segment_marks: Phrases  # "physics - electrostatics, wrong": between values (`_segments`)
    wh_words: Words
    asked_reminders: Phrases
    dated_events: Words
    about_words: Words
    notice_words: Words
    pronouns: Words
    all_words: Words
    tag_nouns: Words
    from_word: str
    late_verb_ends: Words
    past_day_skips: Words
    id_source_leads: Words
    id_source_words: Words
    token_words: Words
    month_short_forms: Phrases
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
    written_record_nouns: Words
    money_number_words: Words
    wanting_verbs: Words
    acquired_action: tuple[Kind, str]
    count_word: str
    count_questions: Phrases
    search_questions: Phrases
    topic_markers: Phrases
    listing_questions: Phrases  # `lexicon_en_asked`: a question one read answers
    booked_nouns: Words  # "book a massage": an event, where a tool keeps events
    naming_day_parts: Phrases  # "host game night": a kind of event, no time
    counted_words: Phrases  # "twenty times": a number in words, a count (`_values`)
    how_to_followers: Words  # "tell me how to ...": how a thing is done, not a measure
    how_word: str
    comma_lists: Phrases  # "Comma-separated list of options": a text that lists
    between_words: Phrases  # "between <key> and </key>": a part's two ends (`_markers`)
    inside_words: Phrases  # "... in <cfg>...": the text the part is in
    possessive_pronouns: Phrases  # "give me its md5": the md5 of what the half before made
    another_openers: Phrases  # "also 'pack gym bag' tagged personal": another of its kind
    value_leads: Phrases  # "make that 4 and 9": a reply's lead before the value asked for
    value_tails: Phrases  # "use 7 instead": words after it
    written_verbs: Words
    written_nouns: Words
    stop_words: Words
    dual_words: Words
    opening_verbs: Words
    clause_leads: Words
    title_words: Words
    title_describe: Phrases
    statement_describe: Phrases
    statement_person_words: Words
    statement_note_words: Words
    statement_role_words: Words
    statement_role_leads: Phrases
    statement_verb_endings: Phrases
    statement_verbs: Words
    statement_speakers: Words
    statement_past_words: Words
    body_words: Words
    text_format_words: Words
    query_words: Words
    query_language_names: Mapping[str, str]
    query_language_shapes: Mapping[str, str]
    query_languages_of_tool: Words
    reply_request_verbs: Words
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
    tied_period_words: Words
    duration_words: Words
    duration_describe: Phrases
    count_words: Words
    count_describe: Phrases
    count_fields: Words
    more_fields: Words
    total_fields: Words
    url_words: Words
    credential_names: Phrases
    equals_marks: Words  # "'jitter' = variation ...": after a quoted name, a dash's part
    meaning_words: Words  # "what does X mean?": a word's entry asked, where entries say meanings
    meaning_verbs: Words  # of those, the ones said after the word ("what does X mean")
    secret_words: Words  # a value said after one is a secret: never a record's title or text
    path_words: Words
    path_side_words: Words
    id_words: Words
    id_marks: Phrases
    id_suffixes: Phrases
    name_word: str
    number_word: str
    names_words: Words
    key_nouns: Words
    filter_word: str
    typed_labels: Words
    as_labels: Words
    state_labels: Words
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
    own_list_owners: Words
    own_list_nouns: Words
    own_list_first: str
    file_word: str
    text_file_nouns: Words
    media_file_nouns: Words
    document_extensions: Words
    text_extensions: Words
    media_extensions: Words
    noun_verbs: Words
    record_verbs: Words
    noun_kin: Mapping[str, tuple[str, ...]]
    asked_for: Mapping[str, tuple[str, ...]]  # a word asked -> the names' words of its givers
    condition_words: Words  # "is my vault healthy?": a condition asked of a thing
    checker_words: Words  # the words of a tool that checks it ("health", "audit")
    kinds_of: Mapping[str, str]  # a noun -> the words that name a kind of it
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
    added_to: Phrases
    append_verbs: Words  # `append_to_entry`: a tool that adds text to a record's own
    new_text_leads: Phrases  # "to say": the record's new text follows
    owner_words: Words
    addressees: Words
    kind_leads: Phrases  # "save it as a snippet": the kind of record made
    kind_articles: Phrases
    container_leads: Phrases  # "add eggs to the pantry": the container it goes into
    item_keys_leads: Phrases  # "List of dicts with keys: ingredient (key), quantity, unit"
    item_key_marks: Phrases
    count_tails: Phrases  # "6 of them": said of the thing counted
    generic_nouns: Words
    kind_words: Words
    kind_field_words: Words
    file_name_params: Words
    described_markers: Words
    described_since: Words
    described_ends: Words
    described_kinds: Words
    described_fields: Mapping[str, tuple[str, ...]]
    verb_particles: Words
    described_object_skips: Words
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
    other_action_leads: Words  # "... before creating new notes" (`_action_described`)
    qualified_place_words: int  # "to C programming concepts" (`_account`)
    server_prepositions: Words  # "for the contest": the `contestscore` server (`_account`)
    choice_words: Words  # "option 2" for `take_action(choice)` (`_choice`)
    choice_verbs: Words
    choice_verb_reach: int
    code_shape: str  # "eth", "BTC/USDT": a code a quantity is counted in (`_counted_code`)
    place_param_words: Words  # `city`, `destination`: a place's name (`_place_name`)
    place_leads: Words  # "in shanghai", "to sanya"
    edge_words: Words
    kept_before_content: Phrases
    clause_breaks: Phrases
    remark_subjects: Words
    reason_leads: Words
    heading_marks: Phrases
    whole_quantifiers: Words
    measure_verbs: Mapping[str, tuple[str, ...]]  # "weighed" -> the words of what it measured
    whole_of: Words
    repeat_leads: Words
    repeat_units: Words
    repeat_between: Words
    repeat_param_words: Words
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
    spent_class_leads: Phrases
    purchase_classes: Mapping[str, str]
    broader_classes: Mapping[str, str]  # "groceries": food, where a book has no groceries
    text_length_units: Words
    text_length_words: Words
    list_ends: Phrases
    one_of_markers: Phrases
    maker_words: Words
    made_by: Phrases
    title_breaks: Phrases
    pair_marks: Phrases
    field_names: Words
    field_links: Phrases
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
    tagged_words: Words
    tag_joiner: str  # between the tags said for a text parameter (`tags` as one string)
    tag_links: Phrases
    tag_with: Phrases
    object_pronouns: Phrases
    output_path_words: Words  # `output_path`, `dest_path`: where a file made goes (`_slots`)
    output_leads: Words  # "into all.pdf", "as backup.xlsx": the file made
    file_kind_names: Mapping[str, str]  # "word" -> docx: a kind of file said by its name
    notation_verbs: Words  # "I play e2e4": a value in a tool's notation said (`_notation`)
    notation_sides: Phrases  # "Nf6 for black": whose value it is, said beside it
    named_notations: Mapping[str, str]  # "in algebraic notation": that notation's pattern
    piece_names: Mapping[str, str]  # "knight to f3": a chess piece's name -> its letter
    castling_moves: Mapping[str, str]  # "castle kingside" -> "O-O"
    move_links: Words  # "knight to f3", "bishop takes e5": between a piece and its square
    capture_words: Words  # "bishop takes e5": a capture, "x"
    contrary_words: Mapping[str, str]  # "play black" for `user_plays_white`: the flag off
    user_words: Words  # `user_plays_white`: the user, who says "I"
    priced_for: Words  # "quoted $1,850 for a timing belt job": what a price is for
    to_words: Words  # "1.2k to replace the alternator"
    fix_verbs: Words  # "to replace the alternator": what a price is for, after it
    attribute_ends: Words  # "my 2011 civic needs ...": a verb that ends a thing's name
    judged_words: Words  # "... honda accord reasonable?": a judgement asked, no name
    quoted_verbs: Words  # "water pump quoted at $900": the thing priced said before
    quoted_at: Words  # (the word between the verb and the price: "at")
    narration_cues: Words  # "Describe what happened at the shop": a tool told a story
    reported_verbs: Words  # "the shop said ...", "they told me ...": a story told
    speaker_words: Words  # "I want to play black": the user
    kind_openers: Words  # "log a capture from ...", "another": before what a record is called
    body_leads: Words  # "add note 'X'", "with a note 'X'": before a record's text (`_texts`)
    conversion_openers: Phrases  # "convert", "whats": before a quantity converted (`_convert`)
    conversion_links: Words  # "to", "in": between a quantity and the unit it goes to
    conversion_verbs: Words  # "convert a cup to ml": a unit alone converted after these
    conversion_questions: Phrases  # "how many tablespoons in a cup": the question the other way
    conversion_question_links: Phrases  # "in", "are in": between the unit asked and the quantity
    stuff_markers: Words  # "3 cups of sugar": what follows a unit, naming the stuff measured
    favor_verbs: Words  # "book me a flight": a favour no tool may do (`_unable`)
    favor_objects: Words  # "me", "us": who the favour is for
    color_param_words: Words  # `color_hex`, `foreground`: a parameter for a colour (`_colors`)
    color_names: Mapping[str, str]  # "white" -> #ffffff
    example_list_leads: Phrases  # "Try headphones, laptop, coffee": values listed (`_choose`)
    glyph_param_words: Words  # `character`: a parameter for an emoji's glyph (`_glyphs`)
    result_pointers: Words  # "... then", "that much": the first half's result (`_halves`)
    table_naming: Words  # "a table called plants": what names a table (`_query_language`)
    column_leads: Phrases  # "with columns": before a new table's columns
    column_types: Mapping[str, str]  # "(date)" -> DATE
    range_words: Words  # "A1 to C1": a range's two ends said apart (`_notation`)
    key_value_links: Words  # "set B2 to 42": between a map's key and its value (`_notation`)
    value_key_links: Words  # "put 'Total' in A5": before the key a value goes to (`_notation`)
    formula_words: Mapping[str, str]  # "the sum of B2:B4": =SUM(B2:B4) (`_notation`)
    pointing_words: Words  # "that posting": an earlier call's output (`_carried`)
    record_pointers: Words  # "a comment on the issue": a record there is, said before its noun
    articles: Phrases
    tag_ends: Words
    tag_unverbs: Phrases
    list_joiners: Phrases
    pronoun_tails: Words
    several_markers: Phrases
    bullets: Phrases
    follow_up_openers: Phrases
    day_shifts: Mapping[str, int]
    only_words: Words
    again_phrases: Phrases
    again_prefix: str  # "reroll": a tool's own verb, once more
    same_word: str
    purpose_words: Phrases
    report_nouns: Words
    totals_nouns: Words
    again_fresh: Phrases
    also_tails: Phrases
    correction_ratio: float
    label_links: Phrases
    number_label_links: Phrases
    number_lead_links: Phrases  # "a score of 92" (`_typed`)
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
    marked_clause: Phrases
    count_before: Words
    count_ceilings: Words
    money_conversion_verbs: Words
    question_marks: tuple[str, ...]
    query_tag_mark: str
    query_tag_word: str
    query_more_mark: str
    query_less_mark: str
    more_than_words: Phrases
    less_than_words: Phrases
    bound_links: Words
    count_after: Words
    count_names: Phrases
    count_of: Phrases
    first_words: Phrases
    last_words: Phrases
    flag_noise: Words
    adverb_ending: str
    past_participle_ending: str  # "saved quotes": no action of the tool (`_action_described`)
    consent_flag_words: Words
    detail_words: Phrases
    negations: Words
    negation_gaps: Words
    negated_values: Mapping[str, str]  # "haven't finished": a value said negated -> its contrary
    negated_prefixes: Phrases
    un_words: Words
    enum_synonyms: tuple[tuple[str, ...], ...]
    value_translations: tuple[tuple[str, ...], ...]
    plain_enum_values: Words
    apart_marks: Phrases
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
    capital_number_suffixes: Mapping[str, int]
    money_suffixes: Mapping[str, int]
    scale_words: Mapping[str, int]
    number_units: Mapping[str, int]
    number_units_after_largest: Mapping[str, int]
    money_units: Mapping[str, tuple[str, int]]
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
    exercise_names: Mapping[str, str]  # an exercise said short -> its name in full
    exercise_words: Words
    exercise_param_words: Words
    exercise_kin: Words
    subjectless_past: Words
    subject_words: Words
    conversion_units: Mapping[str, tuple[str, ...]]
    unit_kinds: Mapping[str, tuple[str, ...]]  # a kind of quantity -> its units
    unit_sizes: Mapping[str, float]  # a unit -> its size in the first unit of its kind
    rated_kinds: Words  # kinds of quantity that rate a part ("330 ohm"): said, they record nothing
    name_units: Words  # a unit an enum member's name ends with (`weight_kg`)
    measure_amount_words: Words
    measured_describe: Words
    unit_leads: Phrases
    hedge_words: Words
    math_words: Mapping[str, str]
    percent_of: str
    percent_relations: Mapping[str, str]
    percent_words: Phrases
    math_verbs: Mapping[str, tuple[str, str, bool]]
    amount_of: str
    field_of: Phrases
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
    record_pronouns: Words
    pointed_after: Phrases
    kin_words: Words
    honorifics: Words
    person_fields: Words
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
    route_from_names: Words
    route_to_names: Words
    route_links: Phrases
    route_opens: Phrases
    route_not_names: Words
    offset_after: Phrases
    offset_before: Phrases
    offset_adds: Phrases
    offset_add_link: str
    offset_subtracts: Phrases
    offset_subtract_link: str
    count_asked: tuple[str, str]
    zone_target_words: Words
    zone_from: Phrases
    weekdays: Phrases
    months: Phrases
    everyday_months: Phrases
    month_leads: Words
    month_abbreviation_skip: Phrases
    day_parts: Mapping[str, tuple[int, int]]
    day_part_owners: Words
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
    full_stops: Phrases
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
    goal_amount_words: Words
    money_nouns: Words
    received_phrases: Phrases
    jotted_price_digits: int
    clock_limits: tuple[int, int]
    timed_purchases: Words
    jotted_clock_leads: Words
    record_conversions: Words
    said_only_verbs: Words
    handoff_people: Phrases
    handoff_verbs: Words
    handoff_tool_verbs: Words
    handoff_tool_nouns: Words
    world_topics: Words
    world_topic_fillers: Words
    planning_groups: Phrases
    ordinal_suffixes: Phrases
    ordinal_date_followers: Words
    ordinal_places: Mapping[str, int]
    place_one_words: Words
    sending_verbs: Words
    message_nouns: Words
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
    high_bound_leads: Phrases
    setting_leads: Phrases  # "the path loss on 23cm": a setting, never a measure recorded
    span_leads: Phrases  # "over the next 3 days": before a count of a span ahead, longest first
    count_leads: Phrases  # how a whole number's description says it counts: "number of items"
    ip_words: Words  # a parameter that takes an IP address: `ip`, `first_ip` (`_networks`)
    cidr_words: Words  # one that takes a block in CIDR notation: `cidr`, `used_cidrs`, `subnet`
    holder_words: Words  # the block the others are in or taken from: `base_cidr`, `container_cidr`
    holder_leads: Words  # before the block that holds the others: "inside 10.10.0.0/16"
    text_param_words: Words  # a parameter for the text a tool works on: `text`, `input_string`
    whole_text_leads: Words  # before that text, quoted: "the 3rd 'a' in 'banana'"
    whole_text_leads_weak: str  # of those, the one that may lead the part too: "of"
    char_param_words: Words  # a parameter that takes one character: `char`
    occurrence_words: Words  # a whole number that counts occurrences: `n`, `occurrence`
    error_openings: Phrases  # a result text that opens so is an error: "Error: '2pm'"
    payload_dashes: Words  # a dash apart that hands over the text after it: "pls - Pursuant ..."
    sentence_ends: Words  # marks that end a sentence: a text, never a list, holds them
    second_words: Words  # `other_locator`: a second `locator` (`_id_shaped`)
    pattern_nouns: Words  # a parameter that takes a pattern: `pattern`, "The regex to test"
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
    join_adverbs: Words
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
    item_title_tails: Words
    item_name_keys: tuple[str, ...]
    reply_keys: tuple[str, ...]
    refusal_leads: Phrases
    refusal_marks: Phrases  # "报名失败:...": a write's failure said without spaces
    refusal_clause_letters: int
    warning_marks: Phrases
    warning_keys: tuple[str, ...]
    period_words: Words
    error_keys: tuple[str, ...]
    success_flags: tuple[str, ...]
    failed_statuses: Mapping[str, str]
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
    root_endings: Phrases  # after a root of `root_letters` or more: "degrad-ed", "degrad-ation"
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
    done_nouns: Words
    past_bases: Mapping[str, str]
    items_leads: Phrases
    items_ends: Phrases
    step_words: Words
    example_leads: Phrases
    headcount_words: Words
    defaults_asked: Words
    headcount_leads: Phrases
    score_words: Words
    score_scales: Phrases
    score_leads: Phrases  # "rate it 4/10": words before a score that are its own
    score_fractions: tuple[int, ...]  # "7/10": the scales a fraction may say
    plain_past_presents: Words  # "did", "went": no verb a logging tool keeps by (`_address`)
    verb_form_endings: tuple[str, ...]  # take -> take, takes, taken
    kind_told_links: Words  # "dinner was salmon": a kind of a logged thing, what it was
    pair_joins: Words  # "120 over 80": the word between a pair of readings (`_paired`)
    number_field_words: Words  # `lexicon_en_fields`: fields a value's shape or a word says
    year_field_words: Words
    year_span: tuple[int, int]
    paid_leads: Words
    flag_opposites: Mapping[str, str]
    acquire_verbs: Words
    ceiling_leads: Words
    reason_field_words: Words
    reason_describe: Words
    amount_nouns: Words
    correction_words: Words
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
        """This lexicon, where tools that speak other languages are read too (`_tool_words`)."""
        verb_groups, noun_clusters, dual_words, meant = joined(self, languages)
        return replace(
            self,
            verb_groups=verb_groups,
            noun_clusters=noun_clusters,
            dual_words=dual_words,
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

    def same_sense(self, said: str | None, group: int | None, verb: str | None) -> bool:
        """Whether a tool's `verb` means what the verb `said` (of synonym `group`) does: of
        its group, or of the other group it means too (lexicon `VERB_SENSES`)."""
        of = self.group_of(verb or "")
        also = self.verb_senses.get(said or "")
        return of is not None and (of == group or (also is not None and of == self.group(also)))

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
        out.update(dict.fromkeys(self.document_extensions, self.text_file_nouns))
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
    def kind_nouns(self) -> Mapping[str, str]:
        """Each word that names a kind of a thing, and the thing ("breakfast": meal)."""
        out = {w: noun for noun, words in self.kinds_of.items() for w in words.split()}
        return MappingProxyType(out)

    @cached_property
    def noun_kins(self) -> Mapping[str, tuple[str, ...]]:
        """`noun_kin`, and each kind's word for the thing it is a kind of ("lunch": meal)."""
        out = {w: (noun,) for w, noun in self.kind_nouns.items()}
        for word, kin in self.noun_kin.items():
            out[word] = (*kin, *out.get(word, ()))
        return MappingProxyType(out)

    @cached_property
    def purchase_class(self) -> Mapping[str, str]:
        """Each word for a thing paid for, and its class of spending ("lunch": food)."""
        out = {w: kind for kind, words in self.purchase_classes.items() for w in words.split()}
        return MappingProxyType(out)

    @cached_property
    def enum_phrases(self) -> tuple[frozenset[str], ...]:  # and "weekly" for `week`
        periods = tuple(frozenset({p, *a.split()}) for p, a in self.period_adverbs.items())
        return tuple(frozenset(group) for group in self.enum_synonyms) + periods

    @cached_property
    def enum_words(self) -> frozenset[str]:
        """The words of every enum synonym: real words, never corrected ("invert")."""
        groups = (*self.enum_synonyms, *self.value_translations)
        return frozenset(w for group in groups for phrase in group for w in phrase.split())

    @cached_property
    def translated(self) -> Mapping[str, tuple[tuple[str, ...], ...]]:
        """Each value another language keeps, and the word sequences it is said in."""
        return MappingProxyType(
            {g[0]: tuple(tuple(p.split()) for p in g[1:]) for g in self.value_translations}
        )


# The modules that hold the English, each name a field of `Lexicon`.
_ENGLISH = (
    "lexicon_en",
    "lexicon_en_values",
    "lexicon_en_enums",
    "lexicon_en_says",
    "lexicon_en_records",
    "lexicon_en_fields",
    "lexicon_en_measures",
    "lexicon_en_asked",
    "lexicon_en_statements",
)


def _load() -> Lexicon:
    from orchestrator.offline import lexicon_tools

    english = Lexicon.of(*(import_module(f"orchestrator.offline.{name}") for name in _ENGLISH))
    return english.with_tool_words(lexicon_tools.TOOL_WORDS)


LEXICON: Lexicon = _load()
WEIGHTS: Weights = LEXICON.weights
