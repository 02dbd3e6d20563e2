// The PN5180 driver's answer-window margins (pn5180.cpp, pn5180_15693.cpp).
#pragma once
#include <stdint.h>

namespace fw {
namespace pn5180_timing {
// SPI polling granularity on the Mega (one READ_REGISTER of IRQ_STATUS ~40 us) and clock tolerance.
constexpr uint32_t kMarginUs = 150;
constexpr uint32_t kSlotMarginUs = 40;  // background slots (tightenSlot)
}  // namespace pn5180_timing
using pn5180_timing::kMarginUs;
using pn5180_timing::kSlotMarginUs;
}  // namespace fw
