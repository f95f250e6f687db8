"""Ids said as people copy them from a server's answers, for tools shaped like trial 21's
doctor booking server: "book dr-002 on dec 14 at 13:00 for Sam Rivera" books doctor dr-002
for Sam Rivera ("dr-002" shortens "doctor"; `create_booking`'s `doctor_id` gives no example),
"cancel BK-20261207-001" cancels that booking (its example, "e.g. BK-20260709-001", shapes it),
"how many bookings does dr-002 have?" filters by that doctor. Before, "dr-002" was taken as the
patient's name and the patient's name looked up as the doctor; "my daughter Lily Rivera" would
have booked "daughter Lily Rivera": now the name is Lily Rivera and the router asks about the
word left. From the replay: "book another one ..." had named the patient "another", and "all my
bookings including cancelled ones" had listed the cancelled ones only."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, run_with, string, text, tool, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

NULLABLE: dict[str, Any] = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
BOOK = tool(
    "create_booking",
    "Create a booking for a doctor's slot.",
    {
        "doctor_id": text("doctor id from search_doctors"),
        "date": text("ISO date YYYY-MM-DD"),
        "time": text("slot start time HH:MM 24h"),
        "patient_name": text("patient name for the booking"),
    },
    "doctor_id",
    "date",
    "time",
    "patient_name",
)
CANCEL = tool(
    "cancel_booking",
    "Cancel a booking. Its slot becomes available again.",
    {"booking_id": text("booking id from create_booking, e.g. BK-20260709-001")},
    "booking_id",
)
BOOKINGS = tool(
    "list_bookings",
    "List bookings with optional filters (combined with AND). No filters lists all.",
    {
        "doctor_id": {**NULLABLE, "description": "filter by doctor id"},
        "status": {**NULLABLE, "description": "filter by status: confirmed or cancelled"},
    },
)
SEARCH = tool(
    "search_doctors",
    "Find doctors by specialization, name, and/or practice day.",
    {"name": {**NULLABLE, "description": "match a substring of the doctor name"}},
)
TOOLS = [BOOK, CANCEL, BOOKINGS, SEARCH]


async def test_an_id_whose_letters_shorten_its_noun_is_that_id() -> None:
    made = calls(await turn(TOOLS, "book dr-002 on dec 14 at 13:00 for Sam Rivera"))
    assert [(n, a["doctor_id"], a["patient_name"], a["time"]) for n, a in made] == [
        ("create_booking", "dr-002", "Sam Rivera", "13:00")
    ], made
    filtered = calls(await turn(TOOLS, "how many bookings does dr-002 have?"))
    assert filtered == [("list_bookings", {"doctor_id": "dr-002"})]


async def test_an_id_shaped_as_its_example_is_that_id() -> None:
    made = calls(await turn(TOOLS, "cancel booking BK-20261207-001"))
    assert made == [("cancel_booking", {"booking_id": "BK-20261207-001"})]


async def test_who_the_patient_is_to_the_user_is_no_part_of_the_name() -> None:
    # (the booking keeps no note: "my daughter" says who she is, and is accounted for)
    response = await turn(TOOLS, "book dr-002 on dec 14 at 13:00 for my daughter Lily Rivera")
    assert [args.get("patient_name") for _, args in calls(response)] == ["Lily Rivera"]


async def test_another_one_is_no_name_and_including_is_no_filter() -> None:
    made = calls(
        await turn(TOOLS, "book another one with dr-002 on the 14th at 13:00 for Sam Rivera")
    )
    assert [(n, a["patient_name"]) for n, a in made] == [("create_booking", "Sam Rivera")], made
    outputs = {"search_doctors": '{"doctors": []}', "list_bookings": '{"bookings": []}'}
    made = await run_with(TOOLS, outputs, "show all my bookings including cancelled ones")
    assert [c for c in made if c[0] == "list_bookings"] == [("list_bookings", {})], made
    assert calls(await turn(TOOLS, "show cancelled bookings")) == [
        ("list_bookings", {"status": "cancelled"})
    ]


# Trial 34's airline server (tau3) gives its ids' examples in a docstring's `Args:` only, and
# they are no prefix and digits: a reservation code of letters and digits mixed ("8JX2WO"), a
# user's handle of words and a number ("sara_doe_496"). Before, "pull up NO6JO3" asked for a
# user id, and "what reservations does raj_sanchez_7340 have" looked the handle up as a
# reservation.
def _docstring_tool(name: str, summary: str, args: dict[str, str]) -> Any:
    lines = "\n".join(f"    {k}: {v}" for k, v in args.items())
    return tool(name, f"{summary}\n\nArgs:\n{lines}\n", {k: string() for k in args}, *args)


RESERVATION = _docstring_tool(
    "get_reservation_details",
    "Get the details of a reservation.",
    {"reservation_id": "The reservation ID, such as '8JX2WO'."},
)
USER = _docstring_tool(
    "get_user_details",
    "Get the details of a user, including their reservations.",
    {"user_id": "The user ID, such as 'sara_doe_496'."},
)
STATUS = _docstring_tool(
    "get_flight_status",
    "Get the status of a flight.",
    {"flight_number": "The flight number.", "date": "The date of the flight."},
)
BAGS = _docstring_tool(
    "update_reservation_baggages",
    "Update the baggage information of a reservation.",
    {
        "reservation_id": "The reservation ID, such as 'ZFA04Y'",
        "payment_id": "The payment id stored in user profile, such as 'credit_card_7815826',"
        " 'gift_card_7815826', 'certificate_7815826'.",
    },
)
AIRLINE = [RESERVATION, USER, STATUS, BAGS]


async def test_a_code_of_letters_and_digits_mixed_is_of_its_examples_shape() -> None:
    assert calls(await turn(AIRLINE, "pull up NO6JO3")) == [
        ("get_reservation_details", {"reservation_id": "NO6JO3"})
    ]
    # (a code of a prefix and digits, written for none of them, is still no reservation)
    made = calls(await turn(AIRLINE, "whats the status of flight HAT083 on may 10"))
    assert [(n, a.get("flight_number")) for n, a in made] == [("get_flight_status", "HAT083")]


async def test_a_handle_of_words_and_a_number_is_of_its_examples_shape() -> None:
    assert calls(await turn(AIRLINE, "what reservations does raj_sanchez_7340 have")) == [
        ("get_user_details", {"user_id": "raj_sanchez_7340"})
    ]
    assert calls(await turn(AIRLINE, "look up mia_li_3668 please")) == [
        ("get_user_details", {"user_id": "mia_li_3668"})
    ]


def test_a_handle_is_no_word_of_its_parameters_name_and_has_about_its_digits() -> None:
    from orchestrator.offline._id_shaped import _shape

    handle = _shape("the user id, such as 'sara_doe_496'.", ("user", "id"))
    assert handle is not None and handle.fullmatch("omar_davis_3817")
    assert not handle.fullmatch("credit_card_4421486")  # (seven digits: a payment's)
    own = _shape("the item id, such as 'order_item_12'.", ("order", "item", "id"))
    assert own is not None and not own.fullmatch("gift_card_12")  # its words, as written
    code = _shape("the reservation id, such as '8jx2wo'.", ("reservation", "id"))
    assert code is not None and code.fullmatch("LQ940Q") and code.fullmatch("jg7fmm")
    assert not code.fullmatch("ABCDEF") and not code.fullmatch("covid1")


async def test_a_parameter_is_described_as_its_namesake_on_the_server_is() -> None:
    """`get_flight_status(flight_number)` gives no example; the flights a booking takes do
    ("Flight number, such as 'HAT001'"): "is HAT045 on time today?" is that flight's status
    (before: today's todos)."""
    info = {
        "flight_number": {"type": "string", "description": "Flight number, such as 'HAT001'."},
        "date": {"type": "string", "description": "The date for the flight, such as '2024-05-01'."},
    }
    flights = {"type": "array", "items": {"type": "object", "properties": info}}
    book = tool(
        "book_reservation", "Book a reservation.", {"flights": flights}, "flights", server="air"
    )
    status = tool(
        STATUS.name,
        STATUS.description,
        {"flight_number": string(), "date": string()},
        "flight_number",
        "date",
        server="air",
    )
    made = calls(await turn([*TODOS, book, status], "Is HAT045 on time today?"))
    assert [(n, a.get("flight_number")) for n, a in made] == [("get_flight_status", "HAT045")]


async def test_a_value_of_another_shape_is_no_such_id() -> None:
    """A payment's id is no reservation's ("such as '8JX2WO'"): before, "use credit_card_2929732
    for any fare difference" looked the payment up as a reservation."""
    made = calls(await turn(AIRLINE, "ok use credit_card_2929732 for any fare difference"))
    assert all(a.get("reservation_id") != "credit_card_2929732" for _, a in made), made
