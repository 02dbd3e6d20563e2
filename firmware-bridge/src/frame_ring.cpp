#include "frame_ring.h"

namespace fw {

static const char* const kErrNames[] = {"ANT_TIMEOUT", "ANT_SHORT", "COLLISION", "OVERRUN", "BUF_FULL",
                                             "FOREIGN_TAG"};
const char* errCodeName(ErrCode c) { return kErrNames[static_cast<uint8_t>(c)]; }

bool FrameRing::push(const FrameRecord& r) {
  bool kept = true;
  if (size_ == kRingFrames) {
    head_ = (head_ + 1) % kRingFrames;
    size_--;
    kept = false;
  }
  slots_[(head_ + size_) % kRingFrames] = r;
  size_++;
  return kept;
}

void FrameRing::ack(uint16_t seq) {
  while (size_ > 0 && !seqAfter(slots_[head_].seq, seq)) {
    head_ = (head_ + 1) % kRingFrames;
    size_--;
  }
}

int16_t FrameRing::find(uint16_t seq) const {
  for (uint8_t i = 0; i < size_; i++)
    if (at(i).seq == seq) return i;
  return -1;
}

}  // namespace fw
