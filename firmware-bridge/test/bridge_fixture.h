// The bridge on a fake table (fake_hal.h), as test_bridge.cpp and test_bridge_link.cpp drive it.
#pragma once
#include "bridge.h"
#include "fake_hal.h"

namespace fw_test {
constexpr const char* kCard = "04A1B2C3D4E5F6";
constexpr const char* kChip = "E004015012345678";

// Polls until `ms` of fake time passed (each poll reads one antenna: msPerRead).
inline void run(fw::Bridge& b, FakeHal& hal, uint32_t ms) {
  const uint32_t end = hal.now + ms;
  while (hal.now < end) b.poll();
}

inline void booted(fw::Bridge& b, FakeHal& hal) {
  b.begin();
  run(b, hal, 2 * fw::kAntennas * hal.msPerRead + 1);
  while (!b.ready()) b.poll();
}
}  // namespace fw_test
using fw_test::booted;
using fw_test::kCard;
using fw_test::kChip;
using fw_test::run;
