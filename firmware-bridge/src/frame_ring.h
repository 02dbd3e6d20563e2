// Outgoing frames as compact 14-byte records (not 160-byte strings): 128 of them take 1792 bytes of SRAM.
// A record holds what its line needs; the line is rendered again for a RESEND.
#pragma once
#include <stdint.h>
#include "config.h"

namespace fw {

enum class Msg : uint8_t { Hello, Tag, Gone, Inv, Hb, Err, Clr };
enum class ErrCode : uint8_t { AntTimeout, AntShort, Collision, Overrun, BufFull, ForeignTag };
const char* errCodeName(ErrCode c);

constexpr uint8_t kNoAntenna = 0xFF;  // '-' in ERR

struct FrameRecord {
  uint16_t seq;
  Msg type;
  uint8_t antenna;
  uint8_t arg;  // TAG: face char; ERR: ErrCode; INV: part (1-based) of a parted inventory
  uint8_t uidLen;
  union {
    uint8_t uid[kUidMaxBytes];  // TAG, GONE (most significant byte first, as printed)
    struct {
      uint32_t uptimeMs;
      uint16_t scanMs;
      uint16_t dropped;
    } hb;
  } u;
};

// Ring of unacknowledged frames, oldest first. Full: push() overwrites the oldest and reports it.
class FrameRing {
 public:
  // Adds a record; returns false when the oldest unacknowledged record had to go.
  bool push(const FrameRecord& r);
  // Releases every record up to and including `seq` (modular).
  void ack(uint16_t seq);
  // Index of the record carrying `seq`, or -1.
  int16_t find(uint16_t seq) const;
  const FrameRecord& at(uint8_t i) const { return slots_[(head_ + i) % kRingFrames]; }
  uint8_t size() const { return size_; }

 private:
  FrameRecord slots_[kRingFrames];
  uint8_t head_ = 0;
  uint8_t size_ = 0;
};

// True when seq a comes after b in 16-bit modular order (half window).
inline bool seqAfter(uint16_t a, uint16_t b) {
  const uint16_t d = static_cast<uint16_t>(a - b);
  return d != 0 && d < 0x8000;
}

}  // namespace fw
