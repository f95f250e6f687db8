"""English for the offline router, its values: numbers, money, quantities, contacts, dates and
times, arithmetic, and word forms (the rest is in `lexicon_en`; `lexicon.Lexicon.of` reads
both). Nothing here is code: each name is a field of `orchestrator.offline.lexicon.Lexicon`."""

# ruff: noqa: E501

# -- numbers, money, quantities, contacts ------------------------------------------------------
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
# A number said in words is a count when one of these follows it and no number after that
# ("flip a coin twenty times"; "three times 4" is a product).
COUNTED_WORDS = ("times",)
# Currencies: ISO code -> the symbols and words that name it.
# Arithmetic (orchestrator/offline/_math.py): operator words and their symbols in Python's
# notation; a verb, the word between its two numbers, and whether they go the other way round
# ("subtract 5 from 12" is 12 - 5); the words of a mean; parameter words for an expression; the
# nouns a tool that does one operation is described with ("Returns the sum of two numbers").
MATH_WORDS = {
    "plus": "+",
    "minus": "-",
    "times": "*",
    "multiplied by": "*",
    "divided by": "/",
    "over": "/",
    "mod": "%",
    "modulo": "%",
    "to the power of": "**",
    "percent of": "/ 100 *",
    "percent": "/ 100",
}
PERCENT_OF = "of"  # "15% of 240": a share of what follows
# A percentage said with the words of its base ("10 percent more than 80", "20% off 50", "a 15%
# tip on 86.40"): the base with the share added ("+") or taken off ("-"), or the share of it
# (PERCENT_OF); the words that say a number is a percentage.
PERCENT_RELATIONS = {"more than": "+", "less than": "-", "off": "-", "on": "of"}
PERCENT_WORDS = ("percent", "per cent")
MATH_VERBS = {
    "divide": ("/", "by", False),
    "multiply": ("*", "by", False),
    "add": ("+", "and to", False),
    "subtract": ("-", "from", True),
    "split": ("/", "between among by", False),
}
AMOUNT_OF = "of"  # "split a bill of 87.60 between 4": the words before it say what the amount is
# Between a field and the record it is asked of: "the status of resilient", "status for X".
FIELD_OF = ("of", "for")
MEAN_WORDS = ("average", "mean")
MEAN_JOINS = (",", "and", "of")
# A square root said before its number ("square root of 2", "sqrt 81"); a count of things at a
# price each ("3 bottles at 2.49 each"): the word before the price and the word after it.
ROOT_WORDS = ("square root of", "square root", "sqrt of", "sqrt", "root of")
EACH_LINKS = ("at", "for", "@")
EACH_WORDS = ("each", "apiece", "a piece")
EXPRESSION_WORDS = "expression expr formula equation calculation"
OPERATOR_NOUNS = {
    "sum": "+", "add": "+", "addition": "+", "difference": "-", "subtract": "-",
    "product": "*", "multiply": "*", "quotient": "/", "divide": "/",
}  # fmt: skip
CURRENCIES = {
    "USD": ("$", "us$", "usd", "dollar", "dollars", "buck", "bucks"),
    "EUR": ("€", "eur", "euro", "euros"),
    "GBP": ("£", "gbp", "pound", "pounds", "quid"),
    "CHF": ("chf", "franc", "francs", "swiss franc", "swiss francs"),
    "JPY": ("¥", "jpy", "yen"),
    "CAD": ("cad", "c$", "canadian dollar", "canadian dollars"),
    "AUD": ("aud", "a$", "australian dollar", "australian dollars"),
    "INR": ("₹", "inr", "rupee", "rupees"),
    "SEK": ("sek", "kr"),
    "CNY": ("cny", "rmb", "yuan"),
    "BRL": ("brl", "r$", "real", "reais"),
    "MXN": ("mxn", "peso", "pesos"),
    "PLN": ("pln", "zloty", "zł"),
    "KRW": ("₩", "krw", "won", "원"),
}
# Words that multiply the number before them, in an amount of money ("50 million won"), and
# letters glued to it there ("$3.2k", "3.5m won", "42k won": a number alone takes only
# `NUMBER_SUFFIXES`, "5m" being metres or minutes).
MONEY_SUFFIXES = {"k": 1_000, "m": 1_000_000, "b": 1_000_000_000}
SCALE_WORDS = {"thousand": 1_000, "million": 1_000_000, "mil": 1_000_000, "billion": 1_000_000_000}
# Units of numbers some languages count money in, glued to the number ("4200만원", "3억", "2억5천":
# 250,000,000): each unit's size, and the units that after the largest one go on in its next unit
# down ("2억5천": 5천만, 50,000,000; a bare number after it stays as it is, "2억5000").
NUMBER_UNITS = {"억": 100_000_000, "만": 10_000, "천": 1_000}
NUMBER_UNITS_AFTER_LARGEST = {"천": 10_000_000}
# A parameter whose name or description says an amount in a unit of money (`annual_salary_manwon`,
# "(만원 단위)", `total_won`; else a currency's code, `price_usd`): the currency, and how many of it
# the unit is (never a word a currency shares with a weight: `weight_pounds`).
MONEY_UNITS = {"manwon": ("KRW", 10_000), "만원": ("KRW", 10_000), "won": ("KRW", 1)}
# Units of quantities: the canonical unit -> the words and abbreviations for it.
UNITS = {
    "kg": ("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"),
    "g": ("g", "gr", "gram", "grams", "gramme", "grammes"),
    "mg": ("mg", "milligram", "milligrams"),
    "lb": ("lb", "lbs", "pound", "pounds"),
    "oz": ("oz", "ounce", "ounces"),
    "l": ("l", "liter", "liters", "litre", "litres", "ltr"),
    "ml": ("ml", "milliliter", "milliliters", "millilitre", "millilitres"),
    "cl": ("cl", "centiliter", "centiliters"),
    "m": ("m", "meter", "meters", "metre", "metres"),
    "cm": ("cm", "centimeter", "centimeters", "centimetre", "centimetres"),
    "mm": ("mm", "millimeter", "millimeters"),
    "km": ("km", "kilometer", "kilometers", "kilometre", "kilometres"),
    "mi": ("mi", "mile", "miles"),
    "pcs": (
        "pcs",
        "pc",
        "piece",
        "pieces",
        "pack",
        "packs",
        "box",
        "boxes",
        "bottle",
        "bottles",
        "can",
        "cans",
        "dozen",
    ),
    "cup": ("cup", "cups"),
    "tbsp": ("tbsp", "tablespoon", "tablespoons"),
    "tsp": ("tsp", "teaspoon", "teaspoons"),
    # electrical units, with the SI prefixes people write them with ("4.7kΩ", "100nF",
    # "1 kHz", "10uH"); a bare "h" stays hours, an "a" an article
    "ohm": ("ohm", "ohms", "Ω", "ω"),
    "kohm": ("kohm", "kohms", "kω", "kilohm", "kilohms"),
    "megohm": ("megohm", "megohms", "mω"),
    "farad": ("farad", "farads"),
    "mf": ("millifarad", "millifarads"),
    "uf": ("uf", "µf", "μf", "microfarad", "microfarads"),
    "nf": ("nf", "nanofarad", "nanofarads"),
    "pf": ("pf", "picofarad", "picofarads"),
    "hz": ("hz", "hertz"),
    "khz": ("khz", "kilohertz"),
    "mhz": ("mhz", "megahertz"),
    "ghz": ("ghz", "gigahertz"),
    "henry": ("henry", "henries", "henrys"),
    "mh": ("mh", "millihenry", "millihenries"),
    "uh": ("uh", "µh", "μh", "microhenry", "microhenries"),
    "nh": ("nh", "nanohenry", "nanohenries"),
    "volt": ("v", "volt", "volts"),
    "mv": ("mv", "millivolt", "millivolts"),
    "amp": ("amp", "amps", "ampere", "amperes"),
    "ma": ("ma", "milliamp", "milliamps"),
}
# What a number parameter named for a measure (`weight`, `distance`) takes: a quantity said in
# one of these units (the canonical units of UNITS), "80kg" for a `weight`.
MEASURES = {
    "weight": ("kg", "g", "mg", "lb", "oz"),
    "mass": ("kg", "g", "mg", "lb", "oz"),
    "load": ("kg", "lb"),
    "distance": ("m", "cm", "mm", "km", "mi"),
    "length": ("m", "cm", "mm", "km", "mi"),
    "height": ("m", "cm", "mm"),
    "volume": ("l", "ml", "cl"),
    "mileage": ("mi", "km"),  # "75k miles" for `current_mileage`
    "odometer": ("mi", "km"),
}
# A number said with a suffix: "300k" is 300,000; "4.5%" a percentage.
NUMBER_SUFFIXES = {"k": 1000}
# ... and in capitals: "1.2M" is 1,200,000 ("5m" is metres or minutes).
CAPITAL_NUMBER_SUFFIXES = {"M": 1_000_000, "B": 1_000_000_000}
PERCENT_SIGNS = ("%",)
# A number parameter named with one of these takes a percentage ("annual_rate", "inflation").
RATE_WORDS = "rate return inflation growth yield interest percentage percent pct ytm wacc"
# Lengths of time a number parameter may be named for ("tenure_years", "months"), and how many
# months each is: "over 25 years" fills `tenure_years`, and `months` with 300.
# A number parameter named with one of these takes a percentage said done ("the kitchen is
# about 40% done": `progress` 40).
PROGRESS_WORDS = "progress completion complete completed percent pct"
PERIOD_MONTHS = {"years": 12, "year": 12, "yrs": 12, "yr": 12, "months": 1, "month": 1}
# An amount said per a period ("2800 a month", "900 per month", "500/month") fills the number parameter
# named for that period (`monthly_expenses`): the words before the period, and the period's
# words in a parameter's name.
PER_PERIOD_LEADS = ("a", "an", "per", "each", "every", "/")
PERIOD_ADVERBS = {
    "month": "monthly",
    "year": "annual annually yearly",
    "yr": "annual annually yearly",
    "week": "weekly",
    "day": "daily",
}
# Words that name one measure, a number said with any of them fills the parameter named by
# another ("430 cal" for `calories`, "45g carbs" for `carbs_g`, "20 yrs" for `years`).
MEASURE_NAMES = (
    ("calories", "calorie", "cal", "cals", "kcal", "kcals"),
    ("carbs", "carb", "carbohydrates", "carbohydrate"),
    ("protein", "proteins"),
    ("fat", "fats"),
    ("fiber", "fibre"),
    ("reps", "rep", "repetitions"),
    # the people one provides for, as people say them: "have 2 kids" for `dependents`
    ("dependents", "dependent", "kids", "kid", "children", "child"),
)
# Repetitions: after a weight, these say how many ("100kg x 5", "80kg for 5"); sets of them are
# counted by a parameter named or described with these words ("3x10", "3 sets of 10").
REPEAT_MARKS = ("x", "×", "for")
REPEAT_REACH = 4  # words between the weight and its mark: "60kg overhead press for 5"
REPEAT_NAME = "reps"
SET_WORDS = "set sets"
# A set's weight after its count: "3 sets of 8 at 135", "3x5 @ 100kg"; none for these words
# ("pull-ups 3x10 bodyweight"); the parameter of a set that holds it is named with these.
WEIGHT_LEADS = ("at", "@", "with")
BODYWEIGHT_WORDS = "bodyweight bw"
WEIGHT_PARAM_WORDS = "weight load"
# Exercises said short, and their names in full ("OHP today 3x10 @ 40kg", "a safe bench weight");
# a parameter named with EXERCISE_PARAM_WORDS takes an exercise so said, or one of
# EXERCISE_WORDS.
EXERCISE_NAMES = {
    "ohp": "overhead press",
    "bench": "bench press",
    "bp": "bench press",
    "rdl": "romanian deadlift",
    "rdls": "romanian deadlift",
    "dl": "deadlift",
    "dead": "deadlift",
}
EXERCISE_WORDS = """squat squats deadlift deadlifts lunge lunges pullup pullups pull-up pull-ups
pushup pushups push-up push-ups chinup chinups chin-up chin-ups dips burpees"""
EXERCISE_PARAM_WORDS = "exercise movement lift"
# Between a quantity and the word that names it: "60g of fat".
MEASURE_LINKS = ("of",)
# Verbs that say what was measured, said of a value a record takes: "weighed 79.8 kg" is the
# weight, "drank 2 liters of water" the water, "rent 1200, paid on the 1st" the amount, "felt
# great" the feeling; said so, the verb is the parameter's word.
MEASURE_VERBS = {
    "weighed": ("weight",),
    "weigh": ("weight",),
    "drank": ("water",),
    "slept": ("sleep",),
    "paid": ("amount", "price", "cost"),
    "spent": ("amount", "price", "cost"),
    "charged": ("amount", "price", "cost"),
    "felt": ("feeling",),
    "born": ("birth",),
}
# More units, for a conversion tool's enums (`_convert.py`): the enum's value as it may be
# spelt, and the names and abbreviations people use for it.
CONVERSION_UNITS = {
    "celsius": ("c", "°c", "centigrade"),
    "fahrenheit": ("f", "°f"),
    "kelvin": ("k",),
    "foot": ("ft", "feet"),
    "inch": ("inches",),
    "yard": ("yd", "yards"),
    "kilometers per hour": ("km/h", "kmh", "kph"),
    "miles per hour": ("mph",),
    "kilocalorie": ("kcal",),
    "kilojoule": ("kj",),
    "kilowatt": ("kw",),
    "horsepower": ("hp",),
    "bytes": ("b",),
    "kilobytes": ("kb",),
    "megabytes": ("mb",),
    "gigabytes": ("gb",),
    "terabytes": ("tb",),
    "degrees": ("deg", "°"),
    "radians": ("rad",),
    "seconds": ("sec", "secs", "s"),
    "minutes": ("min", "mins"),
    "hours": ("hr", "hrs", "h"),
    "days": ("day",),
    "weeks": ("week",),
    "square meter": ("m2", "m²", "㎡", "sqm"),
    "pyeong": ("평",),
    "milliliter": ("millilitre",),
    "liter": ("litre",),
    "stone": ("st",),
}
# The kinds of quantity and their units (as UNITS or CONVERSION_UNITS name them): a unit given as
# free text converts only to a unit of its kind, and a converter's "unit category" is the kind.
UNIT_KINDS = {
    "length": ("m", "cm", "mm", "km", "mi", "foot", "inch", "yard"),
    "mass": ("kg", "g", "mg", "lb", "oz", "stone"),
    "volume": ("l", "ml", "cl", "cup", "tbsp", "tsp"),
    "temperature": ("celsius", "fahrenheit", "kelvin"),
    "time": ("seconds", "minutes", "hours", "days", "weeks"),
    "speed": ("kilometers per hour", "miles per hour"),
    "energy": ("kilocalorie", "kilojoule"),
    "power": ("kilowatt", "horsepower"),
    "angle": ("degrees", "radians"),
    "resistance": ("ohm", "kohm", "megohm"),
    "capacitance": ("farad", "mf", "uf", "nf", "pf"),
    "frequency": ("hz", "khz", "mhz", "ghz"),
    "inductance": ("henry", "mh", "uh", "nh"),
    "voltage": ("volt", "mv"),
    "current": ("amp", "ma"),
}
# Kinds of UNIT_KINDS that rate a part rather than measure a thing done: "color bands for 330 ohm"
# asks about a resistor; it records no 330 ohm the way "80 kg" records a weight.
RATED_KINDS = "resistance capacitance frequency inductance voltage current"
# How tags said for a text parameter named for several (`tags` as a string) are joined.
TAG_JOINER = ", "
# A unit an enum member's name may end with (`weight_kg`, `sleep_hours`, `hrv_ms`): the member
# said without it ("is my weight trending down?") is named by the words before it.
NAME_UNITS = "kg g mg lb lbs oz ml l cl cm mm km m mi ms sec secs seconds min mins minutes h hr"
NAME_UNITS += " hrs hours days bpm pct percent kcal cal"
# The size of a unit of UNITS in the first unit of its kind (kg, l, m): a number parameter
# named with a unit (`weight_kg`, `volume_ml`) takes a quantity said in another unit of the kind
# converted to its own ("176 lb" is 79.83 kg, "1 liter" 1000 ml).
UNIT_SIZES = {
    "kg": 1.0,
    "g": 0.001,
    "mg": 0.000001,
    "lb": 0.45359237,
    "oz": 0.028349523125,
    "l": 1.0,
    "ml": 0.001,
    "cl": 0.01,
    "m": 1.0,
    "cm": 0.01,
    "mm": 0.001,
    "km": 1000.0,
    "mi": 1609.344,
    "ohm": 1.0,
    "kohm": 1e3,
    "megohm": 1e6,
    "farad": 1.0,
    "mf": 1e-3,
    "uf": 1e-6,
    "nf": 1e-9,
    "pf": 1e-12,
    "hz": 1.0,
    "khz": 1e3,
    "mhz": 1e6,
    "ghz": 1e9,
    "henry": 1.0,
    "mh": 1e-3,
    "uh": 1e-6,
    "nh": 1e-9,
    "volt": 1.0,
    "mv": 1e-3,
    "amp": 1.0,
    "ma": 1e-3,
}
# Units that are everyday nouns too ("a can", "two boxes"): a quantity only before "of".
UNITS_NEED_OF = ("pcs", "cup")
# Words that mean one of something: "a liter of milk".
ARTICLES_ONE = ("a", "an", "one")
# Words that say a phone number follows: "phone 030 1234567", "call him on +49 ...".
# Between a number and the parameter word said after it: "50 in stock" (`stock`).
NUMBER_LABEL_LINKS = ("in",)
# Between a number parameter's name and its number said before it: "a score of 92".
NUMBER_LEAD_LINKS = ("of",)
PHONE_MARKERS = "phone mobile tel telephone cell number no call"
# Abbreviations written with a period inside a value ("Jl. Merdeka 5", "5 Main St. Springfield",
# "Dr. Lee"): the period is the word's, not the end of a sentence, when a capital or a digit
# follows. "jl"/"jln" (jalan) and "gg" (gang) are the street words of Indonesian addresses.
DOTTED_ABBREVIATIONS = "st ave rd blvd ln hwy apt ste mt ft dr mr mrs ms prof jr sr jl jln gg"
# "works at Acme", "from Acme": an organisation after these.
ORG_MARKERS = (
    "works at",
    "works for",
    "working at",
    "working for",
    "employed at",
    "employed by",
    "at",
    "from",
    "of",
)
# Words that refer to a person ("her", "his email", "he's"): said with no name before them,
# a person an earlier request named ("add the note that her birthday is on 3 March").
PERSON_PRONOUNS = "he hes she shes her him his hers"
# Words that refer to a thing, or to people, an earlier request made or showed ("add a note to
# it", "give it a subtask", "set its notes"), said with nothing before them it could stand for.
RECORD_PRONOUNS = "it its them they their"
# Before a pronoun, words that make it where the request acts: "add a note to it".
POINTED_AFTER = ("to", "onto", "on", "under", "into", "for")
# Words for people a person's pronoun after them refers to ("call grandma, her birthday").
# A person's details, said after their name ("whats maria's number?": maria is a name).
PERSON_FIELDS = "number phone mobile cell email address birthday"
# Titles before a person's name ("dr reyes"): what follows is a person, no class of a thing.
HONORIFICS = "dr mr mrs ms miss prof sir madam atty engr"
KIN_WORDS = "mum mom mother dad father parent sister brother sibling wife husband partner son daughter kid child grandma grandpa granny grandmother grandfather aunt uncle cousin niece nephew boss colleague coworker neighbour neighbor friend doctor dentist teacher"
# Nouns of tools about people: a name in the request points to them ("find Priya").
PERSON_NOUNS = (
    "contact person people member user customer employee friend client lead attendee patient guest"
)
# Question words that ask for people: "who do I know at Acme?"
PERSON_QUESTIONS = "who whom whose"
# Words that ask about a time zone's clock: "what time is it in Tokyo", "convert 3pm to London".
ZONE_CUES = "time timezone zone clock convert o'clock"
# ... and, said with a place, its calendar: "what's the date in Honolulu?", "what day is it in Auckland?"
ZONE_DAY_CUES = "date day"
# A question whether it is now a part of the day ("is it still morning in Los Angeles?"): the
# part is no time to convert, it asks for the place's clock now.
NOW_PART_QUESTIONS = ("is it still", "is it")
# Words never part of a person's or organisation's name, though capitalised ("I", "Monday").
NOT_NAMES = "i i'm i've i'd i'll ok okay please hey hi hello todo to-do add create new what who which when where how show list log find search delete remove update set move mark"
# Time zones by city or country, beyond the cities the IANA names spell ("Tokyo" in Asia/Tokyo).
TIMEZONE_ALIASES = {
    "nyc": "America/New_York",
    "new york city": "America/New_York",
    "san francisco": "America/Los_Angeles",
    "sf": "America/Los_Angeles",
    "la": "America/Los_Angeles",
    "seattle": "America/Los_Angeles",
    "boston": "America/New_York",
    "washington": "America/New_York",
    "miami": "America/New_York",
    "atlanta": "America/New_York",
    "dallas": "America/Chicago",
    "houston": "America/Chicago",
    "austin": "America/Chicago",
    "beijing": "Asia/Shanghai",
    "delhi": "Asia/Kolkata",
    "new delhi": "Asia/Kolkata",
    "mumbai": "Asia/Kolkata",
    "bangalore": "Asia/Kolkata",
    "india": "Asia/Kolkata",
    "japan": "Asia/Tokyo",
    "china": "Asia/Shanghai",
    "uk": "Europe/London",
    "england": "Europe/London",
    "britain": "Europe/London",
    "france": "Europe/Paris",
    "germany": "Europe/Berlin",
    "munich": "Europe/Berlin",
    "frankfurt": "Europe/Berlin",
    "hamburg": "Europe/Berlin",
    "spain": "Europe/Madrid",
    "barcelona": "Europe/Madrid",
    "italy": "Europe/Rome",
    "milan": "Europe/Rome",
    "geneva": "Europe/Zurich",
    "switzerland": "Europe/Zurich",
    "netherlands": "Europe/Amsterdam",
    "holland": "Europe/Amsterdam",
    "sydney": "Australia/Sydney",
    "australia": "Australia/Sydney",
    "melbourne": "Australia/Melbourne",
    "toronto": "America/Toronto",
    "montreal": "America/Toronto",
    "vancouver": "America/Vancouver",
    "brazil": "America/Sao_Paulo",
    "rio": "America/Sao_Paulo",
    "korea": "Asia/Seoul",
    "hong kong": "Asia/Hong_Kong",
    "hk": "Asia/Hong_Kong",
    "dubai": "Asia/Dubai",
    "uae": "Asia/Dubai",
    "utc": "UTC",
    "gmt": "UTC",
    "zulu": "UTC",
    "mexico": "America/Mexico_City",
    "moscow": "Europe/Moscow",
    "russia": "Europe/Moscow",
    "israel": "Asia/Jerusalem",
    "tel aviv": "Asia/Jerusalem",
    "singapore": "Asia/Singapore",
    "bangkok": "Asia/Bangkok",
    "jakarta": "Asia/Jakarta",
    "manila": "Asia/Manila",
    "cairo": "Africa/Cairo",
    "nairobi": "Africa/Nairobi",
    "lagos": "Africa/Lagos",
    "istanbul": "Europe/Istanbul",
    "turkey": "Europe/Istanbul",
    "auckland": "Pacific/Auckland",
    "new zealand": "Pacific/Auckland",
    "hawaii": "Pacific/Honolulu",
    "honolulu": "Pacific/Honolulu",
    "denver": "America/Denver",
    "phoenix": "America/Phoenix",
    "chicago": "America/Chicago",
    "pacific": "America/Los_Angeles",
    "eastern": "America/New_York",
    "central": "America/Chicago",
    "mountain": "America/Denver",
    "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles",
    "est": "America/New_York",
    "edt": "America/New_York",
    "cst": "America/Chicago",
    "cet": "Europe/Paris",
    "cest": "Europe/Paris",
    "bst": "Europe/London",
    "jst": "Asia/Tokyo",
    "ist": "Asia/Kolkata",
    "aest": "Australia/Sydney",
}
# Words that say "here": the user's own zone ("in my time", "local time").
LOCAL_ZONE_WORDS = ("here", "local", "my time", "my timezone", "my time zone", "local time")
# A time zone parameter's words for where a time comes from and where it goes.
ZONE_SOURCE_WORDS = "source from origin"
# A parameter's words for a route's two ends ("from JFK to SFO": `origin`, `destination`), the
# words that join them, and the word that may open the first (`_route`).
ROUTE_FROM_NAMES = "origin source from departure depart src"
ROUTE_TO_NAMES = "destination dest to target arrival arrive"
ROUTE_LINKS = ("to", "->", "→")
ROUTE_OPENS = ("from",)
# ... but not a pair of these, read as what they are ("9am Tokyo to London": time zones).
ROUTE_NOT_NAMES = "timezone zone tz unit currency language lang format encoding base"
# The word after "15 business days" that moves a day forward from the day said, or back
# (`_offset`: "15 business days after Nov 20", "10 working days before Dec 24").
OFFSET_AFTER = ("after", "from", "past", "following")
OFFSET_BEFORE = ("before", "prior", "preceding")
# ... and the words that say the span is added to the day or taken from it ("add 15 business
# days to Nov 20", "subtract 10 days from Dec 24"), with the link each takes.
OFFSET_ADDS = ("add", "plus")
OFFSET_ADD_LINK = "to"
OFFSET_SUBTRACTS = ("subtract", "minus", "deduct")
OFFSET_SUBTRACT_LINK = "from"
# ... and the words that ask the count itself ("how many business days ...?").
COUNT_ASKED = ("how", "many")
ZONE_TARGET_WORDS = "target to destination"
# A conversion said to a tool that takes two unit expressions (`convert(from_expr, to_expr)`):
# the words before the quantity ("convert 1.5 kWh to joules", "whats 1 atm in psi"), between it
# and the unit it goes to, the question put the other way ("how many tablespoons in a cup"),
# and what follows a quantity's unit naming the stuff measured ("3 cups of sugar").
CONVERSION_OPENERS = (
    "convert",
    "change",
    "turn",
    "express",
    "reduce",
    "what is",
    "what's",
    "whats",
    "what",
    "how much is",
    "how much are",
    "how many is",
    "how big is",
    "how long is",
    "how heavy is",
    "how far is",
)
CONVERSION_LINKS = "to in into as"
CONVERSION_VERBS = "convert change turn express reduce"
CONVERSION_QUESTIONS = ("how many", "how much")
CONVERSION_QUESTION_LINKS = ("in", "are in", "is in", "is", "are", "make", "per", "to", "make up")
STUFF_MARKERS = "of"
# The word before a place that makes it the source: "from London".
ZONE_FROM = ("from",)
ZONE_TO = ("to", "into")  # the word before a place a time goes to: "convert 16:00 to Tokyo"
ZONE_HERE = ("here", "local")  # the user's own zone, said
# The words before a place's time: "time in Tokyo", "from London to Tokyo".
ZONE_PREPOSITIONS = ("in", "at", "for", "from", "to", "into")
# What may follow a zone said after a clock time: "9am tokyo time".
ZONE_TAILS = ("time",)

# -- dates and times ---------------------------------------------------------------------------
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
# A month's short form besides its first three letters ("sept 15th").
MONTH_SHORT_FORMS = ("sept",)
# Month abbreviations that are also everyday words are not read alone ("may", "mar").
MONTH_ABBREVIATION_SKIP = ("may",)
# Month names that are everyday words too: a month only capitalised inside a sentence.
EVERYDAY_MONTHS = ("may", "march")
# Words after which an everyday month name is the month, lowercase too ("weather in march").
MONTH_LEADS = "in during until till"
DAY_PARTS = {
    "morning": (9, 0),
    "noon": (12, 0),
    "midday": (12, 0),
    "afternoon": (15, 0),
    "evening": (18, 0),
    "tonight": (20, 0),
    "night": (20, 0),
    "midnight": (0, 0),
}
# Day parts that name a kind of event after a noun ("game night", "movie night"); "tonight"
# and "midnight" are always times.
NAMING_DAY_PARTS = ("night", "morning", "evening", "afternoon")
# Words before a day part that make it say what kind of thing the next word is, not when:
# "the evening walk helped", "my morning run" ("this evening", "in the evening" are times).
DAY_PART_OWNERS = "the a an my our your his her their"
# The hours a day part covers (24 h, first and last): an hour said with it and no am/pm is the
# one of its two readings inside ("tonight at 9": 21:00, "tomorrow morning at 5": 05:00); an
# hour neither reading fits ("tonight at 2") leaves the time to be asked.
DAY_PART_HOURS = {
    "morning": (5, 11),
    "afternoon": (12, 18),
    "evening": (16, 23),
    "tonight": (17, 23),
    "night": (18, 23),
}
DEFAULT_TIME = (9, 0)
BESIDE_GAP = " ,"  # what may part a time from its day part ("tomorrow evening, at 7")
# A length said in characters ("a 16 char password", "a 6 digit pin"), for an integer parameter
# named for a length.
TEXT_LENGTH_UNITS = "char chars character characters letter letters digit digits"
TEXT_LENGTH_WORDS = "length len"
# What people pay for, by the class of spending it is: an expense's category said only as what
# was bought ("I spent 12.50 on lunch": food), for a category parameter that takes free text,
# beside the amount paid. Only words that name one class; a word of two classes, or none, asks.
PURCHASE_CLASSES = {
    "food": "lunch dinner breakfast brunch meal meals snack snacks pizza kebab burger burgers "
    "sandwich sushi takeaway takeout restaurant coffee",
    "groceries": "groceries grocery supermarket",  # a class of its own in most household books
    "transport": "taxi cab uber bus parking fuel petrol train tram subway metro toll",
    "housing": "rent mortgage",
    "health": "doctor dentist pharmacy medicine prescription physio copay",
    "entertainment": "movie movies cinema concert theatre theater",
    "utilities": "electricity water heating internet broadband bill bills",  # "gas": fuel too
    "clothing": "clothes shoes shirt shirts jacket jeans trousers dress",
    "fitness": "gym",
    "books": "book books novel novels ebook ebooks magazine magazines",
}
# The class a class of spending falls under where a category enum does not list it (groceries
# filed as Food); a class with none here is asked about.
BROADER_CLASSES = {
    "groceries": "food",
    "fitness": "health",
    "clothing": "shopping",
}
# In an answer to a question: "category is personal care" gives the field its value.
ANSWER_LINKS = ("is", "should be", "will be", "=")
# "in there", "from there": a place the words alone do not name (a write asks for it).
PLACE_PRONOUNS = ("there",)
DASHES = ("-", "–", "—")  # a clause break between words
FULL_STOPS = (".",)  # the end of a text another value follows ("... helped. mood 6")
# An integer named so (`num`, no count word) is a count when a number is said of the tool's
# things ("quiz me with 30 words"); "25 of them" counts the things said before it.
COUNT_NAMES = ("num", "n")
COUNT_OF = ("of them", "of those")
# A parameter's description that spells a day's format and no clock's takes the day alone.
DAY_FORMATS = ("yyyy-mm-dd", "iso date")
# One that spells a month's too ("Filter by YYYY-MM or YYYY-MM-DD") takes a month said as one.
MONTH_FORMATS = ("yyyy-mm",)
CLOCK_FORMATS = ("hh:mm", "thh", "iso 8601 time", "date-time", "datetime")
# "(default: today)": a value the description gives as the default is not sent.
DEFAULT_MARKERS = ("default:", "defaults to", "default is", "default")
DATE_ALONE = ("a date alone", "date alone", "date only", "or a date", "or yyyy-mm-dd", "or date")
# A day said after these is a deadline ("due friday", "by friday"): the day, for a `due_date`.
DEADLINE_LEADS = ("due", "by")
TODAY = ("today", "tonight")
TOMORROW = ("tomorrow", "tmrw", "tmr")
YESTERDAY = ("yesterday",)
DAY_AFTER_TOMORROW = ("day after tomorrow",)
DAY_BEFORE_YESTERDAY = ("day before yesterday",)
TONIGHT = "tonight"
# Words that introduce a date: "due friday", "by monday", "starting tomorrow", "dated 2026-03-01".
DATE_LEADS = ("due", "by", "on", "at", "for", "before", "starting", "dated")
NEXT_WORDS = ("next", "coming")
THIS_WORDS = ("this",)
LAST_WORDS_DATE = ("last", "past", "previous")
# A new record of one of these is of what happened, as a logging tool's is (`RECORD_VERBS`): a
# day said with no "next" or "this" ("income 150 on saturday", "rent paid on the 1st") is the
# last one, unless the request plans ahead (a verb of these groups: "schedule", "remind").
HAPPENED_NOUNS = "expense purchase income"
EARNED_NOUNS = "income earning earnings revenue salary paycheck paycheque wage wages payday"
# An amount named with one of these is a goal, a price to wait for ("target_price: Buy below
# this price", a budget's limit): money said spent ("I bought a booster box for 140 EUR") is
# never one, so a tool whose every amount is one keeps no purchase (a watchlist).
GOAL_AMOUNT_WORDS = "target goal budget limit threshold max maximum min minimum"
# Money itself, said spent with no amount ("I spent money on a taxi"): money spent all the same,
# for a tool that takes an amount, which is asked for (never a todo, nor a thing done).
MONEY_NOUNS = "money cash"
# Money received said as it happened ("i got paid! salary 3200 today"): a new record of money
# received (a tool named by `EARNED_NOUNS`), never a thing done nor money spent.
RECEIVED_PHRASES = ("got paid", "get paid", "been paid", "paid me", "paid us", "sold", "earned")
# ("the bill was paid": spent; "sold my old bike for 150": received)
# A number jotted down as a price, with no currency: "coffee 3.80", "kebab 7,50" (this many
# digits after the mark). A whole number is money only said of money received (`EARNED_NOUNS`:
# "salary 3200"), or with a day and a thing paid for (`PURCHASE_CLASSES`): "gym 35 today", never
# "milk 2".
JOTTED_PRICE_DIGITS = 2
# A number that may be a clock time (an hour, "8", or an hour and minutes, "8.30": below these)
# is money only beside a thing paid for that is no thing done at a time ("coffee 3.40", never
# "dinner 8.30", "gym 6 today"), and never after a word that leads a time ("at 8.30"). Money
# jotted down was spent: never on a day ahead, nor tonight.
CLOCK_LIMITS = (24, 60)
TIMED_PURCHASES = """lunch dinner breakfast brunch meal meals doctor dentist physio movie movies
cinema concert theatre theater gym"""
JOTTED_CLOCK_LEADS = "at around until till from"
# Verbs that turn a server's records into another form ("convert my expenses to euros"): with
# no value to convert and no tool that says the verb, no tool can; the request is refused.
RECORD_CONVERSIONS = "convert translate"
# Verbs only a tool that says them does ("archive the done tasks to done.txt", "export my todos
# to csv", "send the plumber an email", "translate my last entry"): with no tool whose name,
# description, parameters or values say one (a status `archived` does), the request is refused,
# never looked up among the records; with a day said, it is a thing to do then.
# A parameter named or described so takes a repetition ("every morning"); with none, a new
# record said to repeat, with no date, is made once, and the answer says so.
REPEAT_PARAM_WORDS = "repeat recurrence recurring recur rrule frequency interval cron schedule"
SAID_ONLY_VERBS = """archive export backup email text tweet translate play sync stream transfer escalate
handoff"""
# A person asked for instead of the assistant ("I want to talk to a real person", "get me a
# human"), and the tools that hand a conversation to one (`transfer_to_human_agents`: `_handoff`).
HANDOFF_PEOPLE = (
    "human",
    "real person",
    "actual person",
    "live person",
    "human agent",
    "live agent",
    "real agent",
    "human being",
    "representative",
    "operator",
    "supervisor",
)
HANDOFF_VERBS = "talk speak chat connect transfer escalate get put want need"
HANDOFF_TOOL_VERBS = "transfer escalate handoff hand"
HANDOFF_TOOL_NOUNS = "human person agent representative operator support staff supervisor"
# A favour asked of the assistant itself ("book me a flight", "order me a pizza", "call us a
# cab"): done only by a tool that says the verb, never written down as a todo instead.
FAVOR_VERBS = "book order buy reserve call hire bring deliver ship fetch"
# Verbs of converting money from one currency to another ("convert 500 euros to dollars"):
# refused where no tool says one of them (a tool that formats an amount converts nothing).
MONEY_CONVERSION_VERBS = "convert exchange"
FAVOR_OBJECTS = "me us"
# What a favour's verb makes where a tool keeps it ("book a massage on friday": an event).
BOOKED_NOUNS = "event appointment meeting booking reservation session slot calendar"
# "send" is such a verb only said of a message ("send the draft to review" moves a record).
SENDING_VERBS = "send"
MESSAGE_NOUNS = "email mail text message sms tweet"
# Things of the world outside that only a tool naming them tells ("what's the weather
# tomorrow?"): a question about one, where no tool names it, is refused, never a read of records.
WORLD_TOPICS = "weather forecast news headlines traffic"
# Words that ask about a world topic and say nothing of their own ("what's the weather gonna be
# like in Portland this weekend?").
WORLD_TOPIC_FILLERS = "gonna going be like look looking supposed"
# A parameter's name word that is a file's path only where the tool speaks of files ("Source of
# the income" is none), and that takes what a thing came "from" ("from selling my old bike").
PATH_SIDE_WORDS = "source destination"
FROM_LABELS = "source origin"
PLANNING_GROUPS = ("schedule", "remind")
ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")
# The words that may follow a day said alone as an ordinal ("the 15th at 3pm", "the 1st of",
# "on the 20th and"): any other word makes it an item's place in a list ("the 2nd todo", "the
# 3rd one"), not a date.
ORDINAL_DATE_FOLLOWERS = """of and or at on in by for to from until till through thru before after
inclusive exclusive please then so but is was morning afternoon evening night noon midnight around
about between every each with as if when i we you it my our a an the this next last am pm two three
four five six seven eight nine ten eleven twelve"""
# An item's place in a list shown before ("mark the second one done", "delete the 3rd todo"),
# the words and, with a suffix above, the digits: 1 the first, -1 the last.
ORDINAL_PLACES = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
}
# The word after a place that names no kind of thing: "the first one" is the listing's own.
PLACE_ONE_WORDS = "one ones"
AM_PM = ("am", "pm", "a.m.", "p.m.")
CLOCK_LEADS = ("at", "by", "around")
IN_WORD = "in"
AGO_WORD = "ago"
ELAPSED_WORDS = "since after post ago"  # `days_since_surgery`, `minutes_ago`: "90 days ago"
# Lengths of time: "for 45 minutes", "1h30", "half an hour".
SECOND_UNITS = ("seconds", "second", "secs", "sec", "s")
MINUTE_UNITS = ("minutes", "minute", "mins", "min", "m")
HOUR_UNITS = ("hours", "hour", "hrs", "hr", "h")
DAY_UNITS = ("days", "day")
WEEK_UNITS = ("weeks", "week")
MONTH_UNITS = ("months", "month")
YEAR_UNITS = ("years", "year")
HALF_HOUR = ("half an hour", "half hour")
AN_HOUR = ("an hour",)
AND_A_HALF = "and a half"
DURATION_LEAD = "for"
# After a length, what makes it a lead, not how long a thing lasts ("remind me 30 min before").
OFFSET_WORDS = ("before", "beforehand", "earlier", "ahead", "prior")
# A parameter named for the low or the high bound of a range of numbers (`min_val`, `max_val`):
# "a random number from 1 to 6" fills both.
LOW_BOUND_WORDS = "min minimum lo low lower lowest floor"
HIGH_BOUND_WORDS = "max maximum hi high upper highest ceiling"
RANGE_STARTS = ("from", "between")
# Before a quantity that is a setting a request is about, not a measure it records: "the path
# loss on 23cm" (never "at": "weighed in at 80.5 kg").
SETTING_LEADS = ("on",)
# Before a count of a span of time ahead ("over the next 3 days"), or of one apart ("every 10
# minutes"), longest first.
SPAN_LEADS = (
    "over the next",
    "for the next",
    "in the next",
    "within the next",
    "the next",
    "next",
    "every",
)
# How a whole number's description opens when it counts things: "k: Number of items to choose".
COUNT_LEADS = ("number of", "how many")
# Network addresses (`_networks`): the words of a parameter that takes an IP address, of one
# that takes a block in CIDR notation, of the block the others are in or are taken from, and
# the words said before that block ("inside 10.10.0.0/16", "remove X from 10.0.0.0/22").
IP_WORDS = "ip ipv4 ipv6"
CIDR_WORDS = "cidr subnet netblock supernet"
HOLDER_WORDS = "base container target parent outer"
HOLDER_LEADS = "in inside within of from cover covers"
# A text and a part of it, both quoted (`_quoted_parts`): the words of the parameter for the
# text worked on, the words said before that text, and the words of a number of occurrences.
TEXT_PARAM_WORDS = "text string input"
WHOLE_TEXT_LEADS = "in of from within inside"
WHOLE_TEXT_LEADS_WEAK = "of"
CHAR_PARAM_WORDS = "char character letter"
OCCURRENCE_WORDS = "n nth occurrence"
# How a result's text opens when it is an error, though the call is not marked failed.
ERROR_OPENINGS = ("error:", "error -", "error executing", "exception:", "traceback (most recent")
# A dash said apart, before a text handed over whole ("score this pls - Pursuant to ..."), and
# the marks that end a sentence (a text after a colon that holds one is no list).
PAYLOAD_DASHES = "- – —"
SENTENCE_ENDS = ". ! ?"
# A parameter named for a second one of another: `other_locator`, `second_email`.
SECOND_WORDS = "other second another alt alternate"
# A parameter that takes a pattern (`_patterns`): its name or its description's first words.
PATTERN_NOUNS = "pattern regex regexp glob"
# Before a number that is a high bound alone: "a secure random integer below 1000".
HIGH_BOUND_LEADS = ("below", "under", "less than", "lower than", "smaller than", "up to")
RANGE_ENDS = ("to", "and", "until", "till", "through", "-")
# Between the two clock times of a range ("12:30 to 1:30", "7-8am", "10:00–10:30"); "and" only
# after "between".
CLOCK_RANGE_LINKS = ("-", "–", "—", "to", "until", "till", "and")
BETWEEN_WORD = "between"
WEEK_LEADS = ("for", "in", "during")
WEEK_WORD = "week"
MONTH_WORD = "month"
YEAR_WORD = "year"
WEEKEND_WORD = "weekend"
# Brackets a title keeps balanced as typed.
BRACKET_PAIRS = (("(", ")"), ("[", "]"), ("{", "}"))
# "this weekend", "next weekend", "on the weekend": the weekend's first day; "before the
# weekend" names no day (it is not read as one).
WEEKEND_FIRST_DAY = "saturday"
WEEKEND_NOT_AFTER = ("before",)
# "end of month", "by the end of next month", "end of december": the month's last day.
END_OF = ("end of", "the end of")
# "mid december", "by the middle of march": that month's MID_MONTH_DAY.
MID_OF = ("mid", "mid-", "middle of", "the middle of")
MID_MONTH_DAY = 15
# "by eod", "end of day", "close of business": today, at the end of the working day.
END_OF_DAY = ("eod", "eob", "cob", "end of day", "end of the day", "close of business")
END_OF_DAY_TIME = (17, 0)
OF_WORD = "of"
THE_WORD = "the"
# A parameter described as for one value of the tool's enum ("date2: Second date for diff",
# "amount: Amount to add"): these words lead to that value.
PURPOSE_WORDS = ("for", "to")
# What a user calls a listed thing after its name, whatever the listing calls it ("the banana
# bread post", "the DNS zine article", "the lentil soup one"): no word of its name when no item
# holds it.
KIND_WORDS = "post article story piece one item entry card"
# A new record's text named by one of these says what kind of thing it is: "add a monstera
# called Monty" for `species`, "a beagle named Rex" for `breed`.
# A file's name a tool takes, said after "named"/"called" ("export it as a pdf named okafor_cv").
FILE_NAME_PARAMS = "filename file_name basename output_name"
KIND_FIELD_WORDS = "species breed variety cultivar kind type genre model"
# A record said by what it holds ("the one due wednesday", "the one tagged work", "the card from
# yesterday"): the word after its head that starts what is said of it; those that say when it was
# made (a day past: "the one from monday"); the words where the change begins ("... to friday",
# "... as done"); the kinds of request it is read in (a listing filters instead: "show the ones
# due friday"); and the fields of a record a date after a marker is compared with.
DESCRIBED_MARKERS = "due dated tagged labelled labeled marked costing priced"
DESCRIBED_SINCE = "from created create added made"  # ("created" reads as "create")
DESCRIBED_ENDS = "to into as and then"
DESCRIBED_KINDS = "update delete stop restart run"
DESCRIBED_FIELDS = {
    "due": ("due", "deadline"),
    "dated": ("date", "day"),
    "from": ("created", "added", "date", "day"),
    "created": ("created",),
    "create": ("created",),
    "added": ("added", "created"),
    "made": ("created", "made"),
}
# What of an item to show, said after its name ("show me the billing task details"): no word
# of the name when no item holds it.
ASPECT_WORDS = "detail info information summary overview"
# The word a verb takes after its object ("push the onboarding doc back to the backlog", "put the
# lentil soup one back to unread"): no word of the item's name when no item holds it.
VERB_PARTICLES = "back"
# Between a tool description's opening verb and the thing it acts on ("List all the cards in the
# collection"): the words that say which of them, not what they are.
DESCRIBED_OBJECT_SKIPS = "a an the all every each one your my owned"
# The word that makes one verb with the word before it ("back up", "sign out"): the verb said is
# the two ("back up my files" for a `backup` tool; never the "back" of "Move ... back")
PHRASAL_PARTICLES = "up down out off over away"
# Which way a change goes ("move Jana back to prospects"): said, it names the tool whose
# description says it ("Move ... back one pipeline stage"), not its twin that goes the other way
DIRECTION_WORDS = "back backward backwards forward forwards ahead previous"
# "title: Exact title of the task to move": a title said so names an item that is there
EXACT_WORDS = "exact exactly"
# Before where a thing goes: "move it to todo", "put it in the backlog" (never "send it for review")
MOVED_TO = ("to", "into", "in", "onto")
# Before where a tool that moves its item to one place moves it: "send it for review"
GOES_FOR = ("for",)
# After a flag's word, that both are wanted: "everything from the blog, read or not" (no filter)
EITHER_WAY = ("or not",)
# Before a value said as a fact ("a half marathon is 13.1 mi", "oven says 180C"): what it is of
FACT_VERBS = "is says shows"
# The word for what a text is, said before it: "sha1 of the word pix" (the text is "pix"); with
# its article only ("search my notes for string theory" searches for "string theory")
TEXT_NOUNS = ("the word", "the string", "the phrase", "the text")
# How a text's entries are joined, checked in this order: "scarf, cookbook" gains ", perfume"
TEXT_JOINTS = ("\n", "; ", ", ")
# A name described so ("name: New name") is what a change sets, never what finds its item
NEW_VALUE_WORDS = "new"
# Words a parameter's name says before its noun (`new_stock`), where another language says
# them after it (`stok_baru`): a translated name puts them first
NAME_MODIFIERS = "new old current previous"
# Of a change, labels whose value follows "as" too: "mark order 1 as shipped" sets a free
# `status` (an enum's member is found by its own words)
STATE_LABELS = "status state"
# A noun of a tool's name that says it records a thing done, an entry per time (`log_completion
# (habit_id)`): "I meditated today" logs the habit its verb names
DONE_NOUNS = "completion"
# The plain verb of a past tense said of a thing done ("I ran today": the habit "run")
PAST_BASES = {"ran": "run", "went": "go", "wrote": "write", "read": "read", "did": "do"}
# Of the words a question about an amount holds, those that ask a sum, never how many ("how
# much did I spend"): no tool that counts
SUM_WORDS_ASKED = "much"
# A tool's verb that totals what it matches ("Sum numeric metadata across matching entries"):
# no answer to a question that asks no amount ("journal entries since monday"); "report" is none
TOTAL_VERBS = "summarize summarise total tally sum"

# Marks between the two texts of a pair said after a colon ("flashcard: capital of Australia ->
# Canberra", "card: la mesa = the table"): a front and a back, a term and its definition.
PAIR_MARKS = ("->", "→", "=>", "=")
# ... or, with none of those, a question then its answer ("what year did the wall fall? 1989").
QUESTION_MARKS = ("?",)
# The names of the fields of a free map of texts (a secret's `fields`, "key/value ... material"),
# each said before its value ("user ana@example.com password Tr0ub4dor", "code 4417"), and the
# words that may link the two ("network is HomeNet", "pin: 1234").
FIELD_NAMES = "user username login email password passcode passphrase pin code token key secret network ssid account host port"
FIELD_LINKS = ("is", ":", "=")

# -- word forms: plurals, stems, endings ------------------------------------------------------
IRREGULAR_PLURALS = {
    "sms": "sms",  # one message, no plural of "sm"
    "gps": "gps",
    "people": "person",
    "children": "child",
    "entries": "entry",
    "indices": "index",
    "statuses": "status",
    "todos": "todo",
    "to-dos": "todo",
    "analyses": "analysis",
    "species": "species",  # one or many, never "specy"
    "series": "series",
    "emojis": "emoji",  # ("-is" is kept: "analysis", "basis")
    "kiwis": "kiwi",
    "taxis": "taxi",
    # nouns that end in "-ie", whose "-ies" is no "-y" ("movies", never "movy")
    **{
        w: w[:-1]
        for w in ["movies", "cookies", "calories", "smoothies", "hoodies", "brownies", "selfies"]
    },
    **{w: w[:-1] for w in ["rookies", "zombies", "veggies", "goalies", "birdies", "aussies"]},
}
# Plural endings: "-ies" is "-y"; these endings lose "es"; a final "s" goes, except after these.
PLURAL_IES = "ies"
PLURAL_ES = ("ches", "shes", "xes", "sses")
PLURAL_S_KEEP = ("ss", "us", "is")
# Endings a word's stem loses ("watering" -> water); a doubled consonant before "ed"/"ing" too,
# except these letters ("called" -> call).
STEM_DOUBLED = ("ed", "ing")
STEM_UNDOUBLED = "aeiosl"
STEM_SUFFIXES = ("ing", "ed", "es", "e", "s", "d")
# Endings that make another form of a word: "spend" -> "spending", "track" -> "tracker".
WORD_ENDINGS = ("ing", "ings", "ed", "er", "ers", "s", "es", "ment", "ments", "ion", "ions", "al")
# Endings two forms of one word may each have after a root of `root_letters` letters or more:
# "degraded" and "degradation", "calculated" and "calculation", "readable" and "readability".
ROOT_ENDINGS = (*WORD_ENDINGS, "", "e", "d", "ation", "ations", "le", "ility", "ilities")

# -- query languages ----------------------------------------------------------------------------
# The names a parameter's name or description gives the language it takes a query in (`sql`, a
# `query` "in GraphQL syntax"), each with the language they name.
QUERY_LANGUAGE_NAMES = {
    "sql": "sql",
    "graphql": "graphql",
    "gql": "graphql",
    "cypher": "cypher",
    "sparql": "sparql",
    "jq": "jq",
    "jsonpath": "jsonpath",
    "xpath": "xpath",
}
# How a text written in each language looks (a pattern, any case): a query opens with its own
# words (SQL's SELECT ... FROM, WITH x AS (...)); a request's words never look so.
QUERY_LANGUAGE_SHAPES = {
    "sql": (
        r"^\s*(select\b[\s\S]*\bfrom\b|select\s+[\d(*'\"]|with\s+(recursive\s+)?\w+\s+as\s*\("
        r"|insert\s+into\s+\w+[\s\S]*\bvalues\b|update\s+\w+\s+set\s+\w+\s*="
        r"|delete\s+from\s+\w+|create\s+table\s+(if\s+not\s+exists\s+)?\w+\s*\("
        r"|drop\s+table\s+\w+|alter\s+table\s+\w+\s+(add|rename|drop)\b)"
    ),
    "graphql": r"^\s*((query|mutation|subscription|fragment)\b[^{]*)?\{[\s\S]*\}\s*$",
    "cypher": r"^\s*(optional\s+match|match|unwind|call)\b[\s\S]*\breturn\b",
    "sparql": r"^\s*(prefix|select|ask|construct|describe)\b[\s\S]*\{[\s\S]*\}",
    "jq": r"^\s*(\.|\[|\{|\$|map\(|select\()",
    "jsonpath": r"^\s*\$",
    "xpath": r"^\s*(/|\./|\.\.|@|\(|\w+(::|/))",
}
# The languages a tool's description may name for its one query parameter ("Execute a read-only
# SQL query"). A regular expression is no such language: plain words are one.
QUERY_LANGUAGES_OF_TOOL = "sql graphql cypher sparql jq jsonpath xpath"
# A condition asked of a thing ("is my vault healthy?"), and the words of the tool that checks
# it, in its name or its description ("Read-only health and safety audit").
CONDITION_WORDS = "healthy unhealthy broken corrupt corrupted"
CHECKER_WORDS = "health doctor diagnose diagnostic diagnostics audit integrity"

# The words of a parameter that takes a colour (`color_hex`, `base_color`, `foreground`), and the
# colours said by name, in hex (the CSS basic names and a few more) (`_colors`).
COLOR_PARAM_WORDS = "color colour hex foreground background palette"
COLOR_NAMES = {
    "white": "#ffffff",
    "black": "#000000",
    "red": "#ff0000",
    "green": "#008000",
    "lime": "#00ff00",
    "blue": "#0000ff",
    "yellow": "#ffff00",
    "cyan": "#00ffff",
    "magenta": "#ff00ff",
    "gray": "#808080",
    "grey": "#808080",
    "silver": "#c0c0c0",
    "maroon": "#800000",
    "olive": "#808000",
    "purple": "#800080",
    "teal": "#008080",
    "navy": "#000080",
    "orange": "#ffa500",
    "pink": "#ffc0cb",
    "brown": "#a52a2a",
    "coral": "#ff7f50",
    "salmon": "#fa8072",
    "gold": "#ffd700",
    "indigo": "#4b0082",
    "violet": "#ee82ee",
    "turquoise": "#40e0d0",
    "crimson": "#dc143c",
    "tomato": "#ff6347",
    "khaki": "#f0e68c",
    "beige": "#f5f5dc",
    "ivory": "#fffff0",
    "lavender": "#e6e6fa",
    "plum": "#dda0dd",
    "orchid": "#da70d6",
    "tan": "#d2b48c",
    "chocolate": "#d2691e",
    "sienna": "#a0522d",
    "azure": "#f0ffff",
    "aqua": "#00ffff",
    "fuchsia": "#ff00ff",
}
# The words of a parameter that takes one character, an emoji's glyph (`_glyphs`).
GLYPH_PARAM_WORDS = "character char emoji glyph symbol"
# A table made in words, for a tool that takes a CREATE TABLE statement ("create a table called
# plants with columns id, name, last_watered (date)"): what names the table and leads its
# columns, and each type said in brackets as SQL's (`_query_language`).
TABLE_NAMING = "called named"
COLUMN_LEADS = ("with columns", "with fields", "columns", "fields", "with")
COLUMN_TYPES = {
    "text": "TEXT",
    "string": "TEXT",
    "date": "DATE",
    "datetime": "DATETIME",
    "time": "TIME",
    "int": "INTEGER",
    "integer": "INTEGER",
    "number": "REAL",
    "real": "REAL",
    "float": "REAL",
    "decimal": "REAL",
    "money": "REAL",
    "bool": "BOOLEAN",
    "boolean": "BOOLEAN",
}
# A postal address ends on a state's code and its ZIP code ("415 E 61st St savannah ga 31405"),
# for a parameter named for an address and for no other kind of address (`_postal`).
STATE_CODES = """AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE
NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC"""
ADDRESS_WORDS = "address"
NOT_POSTAL_WORDS = "email mail ip url web mac wallet"
# "bios_type must be one of: ami_legacy, ami_aptio, award_phoenix": a tool's description says
# the values a parameter takes, after its name and one of these (`_listed`).
VALUE_RULE_VERBS = (
    "must be", "should be", "has to be", "can be",
    "只能是", "必须是", "可以是", "为",  # "stage 只能是:理论/实操/编程", "stage 为:理论/实操/编程"
)  # fmt: skip
VALUE_DOTS = ("·", "•")
# A parameter named for a region takes the words after the request's last "in" ("best time to
# sell maize in uasin gishu?": `county`), a few words nothing else took (`_labels`).
REGION_WORDS = "county region district province city town area state country"
# "add a todo to buy bean seed 2 weeks before": a span of time before or after a day not said,
# that ends a title: never its words (asked).
OFFSET_UNITS = ("days", "day", "weeks", "week", "months", "month", "years", "year", "hours", "hour")
OFFSET_SIDES = ("before", "after", "earlier", "later", "prior")
# A day said by pointing back at one ("start drafting on that start date", "the same day"): no
# day read, so a title that holds it is asked about, never written with the words instead.
DAY_POINTERS = ("that", "those", "the same", "same")
DAY_POINTED = ("date", "dates", "day", "days", "deadline")
