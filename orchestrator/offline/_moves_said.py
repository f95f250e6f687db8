"""A chess move said in words, for a parameter whose description names algebraic notation
(lexicon `NAMED_NOTATIONS`): "knight to f3" is "Nf3", "pawn e2 to e4" is "e4", "move my knight
from g1 to f3" is "Nf3", "bishop takes e5" is "Bxe5", "pawn on e4 takes d5" is "exd5", "castle
kingside" is "O-O" (lexicon `PIECE_NAMES`, `CASTLING_MOVES`, `MOVE_LINKS`). A move typed in the
notation with its piece in lower case ("nf3") is sent as the notation writes it ("Nf3").
User trial 35: every move said in words did nothing.
"""

from __future__ import annotations

import re

from orchestrator.offline._read import Request
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["move_in_words", "san_cased"]

_SQUARE = re.compile(r"[a-h][1-8]")
_REACH = 3  # words between a piece and its square at most: "knight from g1 to f3"
_PIECES = frozenset(letter.lower() for letter in LEX.piece_names.values() if letter)
_FILES = frozenset(p for p in _PIECES if re.fullmatch(r"[a-h]", p))  # the bishop's: a file's too


def san_cased(move: str) -> str:
    """A move in algebraic notation as the notation writes it: its piece a capital ("nf3" is
    "Nf3", "bc4" the bishop's), castling with the letter O ("0-0", "o-o" are "O-O")."""
    if re.fullmatch(r"[o0]-[o0](?:-[o0])?[+#]?", move, re.I):
        return re.sub(r"[o0]", "O", move, flags=re.I)
    head = move[:1]
    if head in _PIECES and (head not in _FILES or re.fullmatch(r".[a-h][1-8][+#]?", move)):
        return head.upper() + move[1:]  # ("bc4": the bishop's; "bxc5" a pawn's)
    return move[:-1] + move[-1].upper() if re.search(r"=[qrbn]$", move) else move


def move_in_words(reading: Request, used: set[int]) -> tuple[str, list[int]] | None:
    """The one move the request says in words, in algebraic notation, and its tokens; None when
    it says none (or more than one)."""
    tokens = reading.text.tokens
    norms = [t.norm for t in tokens]
    found: list[tuple[str, list[int]]] = []
    for phrase, move in LEX.castling_moves.items():
        words = phrase.split()
        for i in range(len(norms) - len(words) + 1):
            span = list(range(i, i + len(words)))
            if norms[i : i + len(words)] == words and not used & set(span):
                found.append((move, span))
    for i, norm in enumerate(norms):
        if norm not in LEX.piece_names or i in used:
            continue
        squares: list[int] = []
        links: list[int] = []
        capture = False
        k = i + 1
        while k < len(tokens) and k - i <= _REACH + len(squares) and len(squares) < 2:
            if _SQUARE.fullmatch(norms[k]) and k not in used:
                squares.append(k)
            elif norms[k] in LEX.move_links:
                links.append(k)
                capture = capture or norms[k] in LEX.capture_words
            else:
                break
            k += 1
        if not squares:
            continue
        letter = LEX.piece_names[norm]
        to = norms[squares[-1]]
        if letter:
            move = f"{letter}{'x' if capture else ''}{to}"
        elif capture and len(squares) == 2:
            move = f"{norms[squares[0]][0]}x{to}"  # "pawn on e4 takes d5": exd5
        elif capture:
            continue  # "pawn takes d5": which pawn is not said
        else:
            move = to
        found.append((move, [i, *links, *squares]))
    if len(found) != 1:
        return None
    move, span = found[0]
    return move, sorted(span)
