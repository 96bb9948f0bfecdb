#!/usr/bin/env python3
"""Reads an SGF file with sgfmill (an SGF reader independent of miai's) and
replays every node of its tree on sgfmill's own board.

    python3 tools/sgfcheck/check_sgfmill.py FILE.sgf

Prints one line of JSON with what it saw (nodes, moves, passes, leaves,
comments, the root's setup stones and the first moves of the variations)
and exits 0; exits 1 naming the node when the file does not parse or a move
lands on an occupied point; exits 3 when sgfmill is not installed.
"""
import json
import sys

try:
    from sgfmill import boards, sgf
except ImportError:
    print("sgfmill is not installed (pip install sgfmill)", file=sys.stderr)
    sys.exit(3)


def main(path):
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    size = game.get_size()
    root = game.get_root()
    board = boards.Board(size)
    black, white, empty = root.get_setup_stones()
    if empty:
        raise ValueError("the root clears points")
    ok = board.apply_setup(black, white, empty)
    if not ok:
        raise ValueError("the root's setup places stones on one point twice")
    stats = {"reader": "sgfmill", "size": size, "nodes": 0, "moves": 0,
             "passes": 0, "leaves": 0, "comments": 0,
             "setup": len(black) + len(white), "first_moves": []}
    for child in root:
        colour, move = child.get_move()
        stats["first_moves"].append(
            None if colour is None
            else colour.upper() + ("" if move is None else sgf_point(move, size)))
    # Depth first, each node with the board before it.
    stack = [(root, board, "root")]
    while stack:
        node, before, where = stack.pop()
        stats["nodes"] += 1
        if node.has_property("C"):
            stats["comments"] += 1
        board = before.copy()
        colour, move = node.get_move()
        if colour is not None:
            stats["moves"] += 1
            if move is None:
                stats["passes"] += 1
            else:
                row, col = move
                if board.get(row, col) is not None:
                    raise ValueError("%s: %s plays on an occupied point %s"
                                     % (where, colour, sgf_point(move, size)))
                board.play(row, col, colour)
        if len(node) == 0:
            stats["leaves"] += 1
        for i, child in enumerate(node):
            stack.append((child, board, "%s/%d" % (where, i)))
    print(json.dumps(stats, sort_keys=True))


def sgf_point(move, size):
    row, col = move
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[col] + letters[size - 1 - row]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    try:
        main(sys.argv[1])
    except (ValueError, OSError) as e:
        print("sgfmill: %s: %s" % (sys.argv[1], e), file=sys.stderr)
        sys.exit(1)
