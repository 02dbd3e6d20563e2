#include "line_reader.h"
#include "crc16.h"

namespace fw {

static const char* const kRejectNames[] = {"too_long", "truncated", "no_asterisk", "bad_crc", "bad_format"};
const char* rejectName(Reject r) { return kRejectNames[static_cast<uint8_t>(r)]; }

bool LineReader::feed(uint8_t b) {
  if (b == '$') {
    if (state_ == kFrame) reject(Reject::Truncated);
    state_ = kFrame;
    buf_[0] = '$';
    len_ = 1;
    return false;
  }
  switch (state_) {
    case kHunt:
      noise_++;
      return false;
    case kSkip:  // the rest of an over-long line
      if (b == '\n') state_ = kHunt;
      return false;
    case kFrame:
      break;
  }
  if (len_ >= kMaxFrame) {
    reject(Reject::TooLong);
    state_ = b == '\n' ? kHunt : kSkip;
    return false;
  }
  buf_[len_++] = static_cast<char>(b);
  return b == '\n' ? complete() : false;
}

bool LineReader::complete() {
  state_ = kHunt;
  Reject why;
  if (decodeLine(buf_, len_, frame_, why)) {
    frames_++;
    len_ = 0;
    return true;
  }
  reject(why);
  return false;
}

void LineReader::reject(Reject r) {
  rejects_[static_cast<uint8_t>(r)]++;
  len_ = 0;
}

static bool isHexUpper(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); }
static uint8_t hexValue(char c) { return c <= '9' ? c - '0' : c - 'A' + 10; }

bool decodeLine(char* line, uint8_t len, FrameView& out, Reject& why) {
  if (len > kMaxFrame) return why = Reject::TooLong, false;
  if (len < 2 || line[0] != '$' || line[len - 1] != '\n') return why = Reject::BadFormat, false;
  uint8_t end = len - 1;
  if (end > 0 && line[end - 1] == '\r') end--;
  int16_t star = -1;
  for (int16_t i = end - 1; i > 0; i--)
    if (line[i] == '*') {
      star = i;
      break;
    }
  if (star < 0) return why = Reject::NoAsterisk, false;
  if (end - star - 1 != 4) return why = Reject::BadCrc, false;
  uint16_t crc = 0;
  for (uint8_t i = star + 1; i < end; i++) {
    if (!isHexUpper(line[i])) return why = Reject::BadCrc, false;
    crc = static_cast<uint16_t>((crc << 4) | hexValue(line[i]));
  }
  if (crc != crc16(line + 1, star - 1)) return why = Reject::BadCrc, false;
  // seq: canonical decimal 0..65535
  uint8_t i = 1;
  uint32_t seq = 0;
  const uint8_t seqStart = i;
  while (i < star && line[i] >= '0' && line[i] <= '9') seq = seq * 10 + (line[i++] - '0');
  const uint8_t digits = i - seqStart;
  if (digits == 0 || digits > 5 || seq > 65535 || (digits > 1 && line[seqStart] == '0') || line[i] != ',')
    return why = Reject::BadFormat, false;
  out.seq = static_cast<uint16_t>(seq);
  line[i++] = '\0';
  // type: [A-Z][A-Z0-9_]*
  out.type = line + i;
  if (!(line[i] >= 'A' && line[i] <= 'Z')) return why = Reject::BadFormat, false;
  while (i < star && ((line[i] >= 'A' && line[i] <= 'Z') || (line[i] >= '0' && line[i] <= '9') || line[i] == '_')) i++;
  out.fieldCount = 0;
  while (i < star) {
    if (line[i] != ',') return why = Reject::BadFormat, false;
    line[i++] = '\0';
    if (out.fieldCount < 8) out.fields[out.fieldCount++] = line + i;  // fields past 8 are checked, not kept
    while (i < star && line[i] != ',') {
      const char c = line[i++];
      if (c < 0x20 || c > 0x7E || c == '$' || c == '*') return why = Reject::BadFormat, false;
    }
  }
  line[star] = '\0';
  return true;
}

}  // namespace fw
