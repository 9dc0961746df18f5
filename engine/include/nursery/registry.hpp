// The registry: every puzzle kind the engine knows, one line each. Batch,
// verify, draw, gen and the messages and help texts that name the kinds
// fold over it; no other file lists the kinds. A kind is a Facade that
// satisfies PuzzleKind (nursery/kind.hpp); adding one is its own folder
// and one line below (docs/design.md, "A new kind").
//
//   Kinds::for_each([]<class K>() { std::cout << K::name << '\n'; });
//   Kinds::visit(Kinds::sniff(head), []<class K>() { ... K::read(...) ... });
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "nursery/kind.hpp"
#include "nursery/lizards.hpp"
#include "nursery/queens.hpp"
#include "nursery/skyscrapers.hpp"

namespace nursery {

// A list of kinds, in the order that breaks a tie in sniffing.
template <PuzzleKind... Ks>
struct KindList {
  static constexpr std::size_t size = sizeof...(Ks);
  // The list with one more kind (a program's own: the tests' rooks).
  template <PuzzleKind K>
  using with = KindList<Ks..., K>;

  // f.template operator()<K>() for every kind, in order.
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Ks>(), ...);
  }
  // f.template operator()<K>() for the index-th kind; nothing when the
  // index is size (no kind).
  template <class F>
  static void visit(std::size_t index, F&& f) {
    std::size_t at = 0;
    ((at++ == index ? f.template operator()<Ks>() : void()), ...);
  }
  // The kind of a text, from its head: every kind says how sure it is of
  // its own format, most_confident decides; size when none claims it.
  static std::size_t sniff(std::string_view head) {
    const std::array<Sniff, size> said{Ks::sniff(head)...};
    return most_confident(said);
  }
  // "not an instance (no 'queens N', no DFS/BFS/SA line, ...)": why none claims a text.
  static std::string unclaimed() {
    const std::array<std::string_view, size> marks{std::string_view(Ks::known_by)...};
    return not_an_instance(marks);
  }
  // "a 'queens N' file, a lizards board or Skyscrapers puzzles".
  static std::string described() {
    const std::array<std::string_view, size> each{std::string_view(Ks::described)...};
    return one_of(each);
  }
};

// ---- The registry: one line per kind ---------------------------------------
using Kinds = KindList<queens::Facade,        // `queens N` files
                       lizards::Facade,       // boards in the homework format
                       skyscrapers::Facade>;  // files of Skyscrapers puzzles

}  // namespace nursery
