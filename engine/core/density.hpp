// Density pictures of huge boards (density.cpp), for picture.cpp: an
// n x n board in blocks of per x per cells, shaded by each block's pieces
// (dark) and trees (green), its rows and columns numbered from 0 along
// the sides and a legend of the shades under it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/scene.hpp"

namespace nursery::picture {

// `pieces` and `trees`: each block's, row-major, ceil(n / per) a side.
scene::Scene density_scene(std::uint32_t n, std::uint32_t per, const std::string& title,
                           const std::vector<std::uint32_t>& pieces,
                           const std::vector<std::uint32_t>& trees);

}  // namespace nursery::picture
