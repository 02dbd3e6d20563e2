// Receiver side of protocol v1 framing: bytes in, validated frames out. Resynchronises on '$', holds at most one
// 160-byte line, and counts every rejection by cause (the same causes as the service's parser and the vectors).
#pragma once
#include <stdint.h>
#include "config.h"

namespace fw {

enum class Reject : uint8_t { TooLong, Truncated, NoAsterisk, BadCrc, BadFormat, Count };
const char* rejectName(Reject r);

// A decoded frame: views into the reader's buffer, valid until the next byte is fed.
struct FrameView {
  uint16_t seq;
  const char* type;      // NUL-terminated
  uint8_t fieldCount;
  const char* fields[8];  // NUL-terminated each
};

class LineReader {
 public:
  // Feeds one byte; returns true when a valid frame completed (then `frame()` holds it).
  bool feed(uint8_t b);
  const FrameView& frame() const { return frame_; }
  uint32_t count(Reject r) const { return rejects_[static_cast<uint8_t>(r)]; }
  uint32_t frames() const { return frames_; }
  uint32_t noise() const { return noise_; }
  uint8_t buffered() const { return state_ == kFrame ? len_ : 0; }

 private:
  enum State : uint8_t { kHunt, kFrame, kSkip };
  bool complete();
  void reject(Reject r);
  char buf_[kMaxFrame + 1];
  uint8_t len_ = 0;
  State state_ = kHunt;
  FrameView frame_{};
  uint32_t rejects_[static_cast<uint8_t>(Reject::Count)] = {};
  uint32_t frames_ = 0;
  uint32_t noise_ = 0;
};

// Decodes a complete line ('$' .. '\n', CRLF allowed) in place; returns true or sets `why`. Shared by
// LineReader and the tests. `line` is modified (separators become NUL).
bool decodeLine(char* line, uint8_t len, FrameView& out, Reject& why);

}  // namespace fw
