// A bound's certificate as text (--certificate), and the plainest one: the
// segments of one direction. The text is checked by `nursery verify BOARD
// --bound CERT` (engine/batch/verify_bound.cpp), which shares nothing with
// this file or the solver; docs/lizards.md describes the format.
#include <array>
#include <string>

#include "nursery/lizards.hpp"

namespace nursery::lizards {

namespace {

const char* shape_word(CliqueShape shape) {
  switch (shape) {
    case CliqueShape::row: return "row";
    case CliqueShape::column: return "column";
    case CliqueShape::diagonal: return "diagonal";
    case CliqueShape::anti_diagonal: return "anti-diagonal";
    case CliqueShape::window: return "window";
    case CliqueShape::cell: return "cell";
    case CliqueShape::triangle: return "triangle";
    case CliqueShape::clique: return "clique";
    case CliqueShape::cycle: return "cycle";
  }
  return "?";
}

bool has_length(CliqueShape shape) {
  return shape != CliqueShape::window && shape != CliqueShape::cell &&
         shape != CliqueShape::triangle && shape != CliqueShape::clique &&
         shape != CliqueShape::cycle;
}

}  // namespace

std::string format_certificate(const BoundCertificate& certificate) {
  std::string text;
  text.reserve(32 * certificate.cliques.size() + 256);
  text += "lizards bound certificate\n";
  text += "# " + certificate.by + ": every empty cell covered by weight 1 or more\n";
  text += "n " + std::to_string(certificate.n) + "\n";
  text += "scale " + std::to_string(certificate.scale) + "\n";
  text += "bound " + std::to_string(certificate.bound) + "\n";
  for (const WeightedClique& clique : certificate.cliques) {
    text += shape_word(clique.shape);
    if (clique.shape == CliqueShape::clique || clique.shape == CliqueShape::cycle) {  // size first
      text += ' ';
      text += std::to_string(clique.others.size() + 1);
    }
    text += ' ';
    text += std::to_string(clique.row);
    text += ' ';
    text += std::to_string(clique.column);
    if (clique.shape == CliqueShape::triangle)
      for (std::uint32_t value : {clique.row2, clique.column2, clique.row3, clique.column3}) {
        text += ' ';
        text += std::to_string(value);
      }
    for (const auto& cell : clique.others)
      for (std::uint32_t value : cell) {
        text += ' ';
        text += std::to_string(value);
      }
    if (has_length(clique.shape)) {
      text += ' ';
      text += std::to_string(clique.length);
    }
    text += ' ';
    text += std::to_string(clique.weight);
    text += '\n';
  }
  text += "end\n";
  return text;
}

BoundCertificate segment_certificate(const Board& board) {
  const std::uint32_t n = board.n;
  auto empty = [&](std::int64_t r, std::int64_t c) {
    return r >= 0 && c >= 0 && r < n && c < n &&
           board.cells[static_cast<std::size_t>(r) * n + static_cast<std::size_t>(c)] == kEmpty;
  };
  constexpr std::array<std::array<int, 2>, 4> steps{{{0, 1}, {1, 0}, {1, 1}, {1, -1}}};
  constexpr std::array<CliqueShape, 4> shapes{CliqueShape::row, CliqueShape::column,
                                              CliqueShape::diagonal, CliqueShape::anti_diagonal};
  BoundCertificate best;
  for (std::size_t d = 0; d < 4; ++d) {
    BoundCertificate certificate;
    certificate.n = n;
    certificate.by = std::string(shape_word(shapes[d])) + " segments";
    const int dr = steps[d][0], dc = steps[d][1];
    for (std::int64_t r = 0; r < n; ++r)
      for (std::int64_t c = 0; c < n; ++c) {
        // A segment starts where the cell before it is a tree or off the board.
        if (!empty(r, c) || empty(r - dr, c - dc)) continue;
        std::uint32_t length = 0;
        while (empty(r + std::int64_t{dr} * length, c + std::int64_t{dc} * length)) ++length;
        certificate.cliques.push_back({shapes[d],
                                       static_cast<std::uint32_t>(r),
                                       static_cast<std::uint32_t>(c),
                                       length,
                                       1,
                                       0,
                                       0,
                                       0,
                                       0,
                                       {}});
      }
    certificate.bound = certificate.cliques.size();
    if (d == 0 || certificate.bound < best.bound) best = std::move(certificate);
  }
  return best;
}

}  // namespace nursery::lizards
