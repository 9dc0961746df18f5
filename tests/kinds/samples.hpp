// What the conformance suite feeds each kind: small inputs (some with an
// answer, some without), how to corrupt an answer the kind wrote so that
// its checker must refuse it, inputs that are bad at a known line, and an
// input whose search a spent budget must leave unknown. One specialisation
// per kind; a new kind adds its own here (docs/design.md, "A new kind").
#pragma once

#include <cstddef>
#include <nursery/registry.hpp>
#include <string>
#include <utility>
#include <vector>

#include "rooks/rooks.hpp"

namespace nursery::testing {

struct BadInput {
  std::string text;
  std::size_t line;  // where its InputError must point
};

template <class K>
struct Samples;

// Moves the first `mark` of a found answer one cell right (or left at a
// row's end): the same count of pieces, one of them misplaced.
inline std::string move_first(std::string answer, char mark, char empty) {
  const auto at = answer.find(mark, answer.find('\n') + 1);
  if (at == std::string::npos) return answer + "garbage\n";
  const auto to = answer[at + 1] == empty ? at + 1 : at - 1;
  answer[at] = empty;
  answer[to] = mark;
  return answer;
}

template <>
struct Samples<lizards::Facade> {
  static std::vector<std::string> inputs() {
    return {"DFS\n4\n4\n0000\n0000\n0000\n0000\n",  // 4 queens
            "BFS\n3\n3\n000\n000\n000\n",           // 3 queens: none
            "SA\n5\n6\n00000\n00200\n00000\n02000\n00000\n",
            "DFS\n6\n8\n000000\n002000\n000020\n020000\n000200\n000000\n"};
  }
  // One lizard taken off: p - 1 lizards, where p were asked.
  static std::string corrupt(std::string answer) {
    const auto at = answer.find('1', answer.find("OK"));
    if (at != std::string::npos) answer[at] = '0';
    return answer;
  }
  static std::vector<BadInput> bad() {
    return {{"DFS\n4\n4\n0000\n00x0\n0000\n0000\n", 5}, {"DFS\nfour\n4\n", 2}};
  }
  // 7 lizards on 6x6 with one tree: within the bounds, beyond the greedy,
  // and none (the DFS proves it).
  static std::string hard() {
    return "DFS\n6\n7\n000000\n000000\n002000\n000000\n000000\n000000\n";
  }
};

template <>
struct Samples<queens::Facade> {
  static std::vector<std::string> inputs() {
    return {"queens 1\n", "queens 3\n", "queens 6\n", "queens 8\n"};
  }
  static std::string corrupt(std::string answer) { return move_first(answer, 'Q', '.'); }
  static std::vector<BadInput> bad() { return {{"queens 8\nqueens 9\n", 2}, {"\nqueens x\n", 2}}; }
  static std::string hard() { return "queens 20\n"; }
};

template <>
struct Samples<skyscrapers::Facade> {
  static std::vector<std::string> inputs() {
    return {
        "# id N clues givens solution [info]\n"
        "cw4-1 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - 1342421334212134 published-solution\n"
        "cw4-2 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - 2143341242311324 published-solution\n",
        "tu5-01 5 0,1,3,0,3,0,0,0,0,1,0,0,0,0,0,4,0,3,0,0 0000200000000000003000000 "
        "3514251324142534253123415 clues=6 givens=2\n",
        // Two equal 4s beside one clue of 4: no solution.
        "none 4 4,4,0,0,0,0,0,0,0,0,0,0,0,0,0,0 - - -\n"};
  }
  // Two heights of a row swapped: the row is still a permutation, the
  // clues no longer hold (or a given moved).
  static std::string corrupt(std::string answer) {
    const auto row = answer.find("| ");  // the first grid row, past its clue
    if (row != std::string::npos) std::swap(answer[row + 2], answer[row + 4]);
    return answer;
  }
  static std::vector<BadInput> bad() {
    return {{"a 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - - -\nb 4 2,2,1 - - -\n", 2}};
  }
  static std::string hard() {
    return "tu5-00 5 0,0,0,2,4,0,0,0,3,0,0,2,0,0,0,3,2,3,0,3 - - clues=8 givens=0\n";
  }
};

template <>
struct Samples<rooks::Facade> {
  static std::vector<std::string> inputs() {
    return {"rooks 1\n.\n", "rooks 4\n..#.\n....\n.#..\n#...\n", "rooks 3\n###\n...\n...\n",
            "rooks 8\n" + std::string("........\n") + "#......#\n" + "........\n" + "...##...\n" +
                "........\n" + ".#....#.\n" + "........\n" + "........\n"};
  }
  static std::string corrupt(std::string answer) { return move_first(answer, 'R', '.'); }
  static std::vector<BadInput> bad() {
    return {{"rooks 3\n...\n.x.\n...\n", 3},
            {"\n\nrooks 9\n", 3},
            {"rooks 2\n..\n", 3},
            {"rooks 1\n.\n.\n", 3}};
  }
  static std::string hard() {
    std::string text = "rooks 8\n";
    for (int r = 0; r < 8; ++r) text += "........\n";
    return text;
  }
};

}  // namespace nursery::testing
