#include "frame_text.h"
#include "config.h"
#include "crc16.h"

namespace fw {

static const char kHex[] = "0123456789ABCDEF";

LineBuilder& LineBuilder::ch(char c) {
  if (len_ < kMaxFrame - 6) buf_[len_++] = c;  // room kept for "*XXXX\n"
  return *this;
}

LineBuilder& LineBuilder::str(const char* s) {
  while (*s) ch(*s++);
  return *this;
}

LineBuilder& LineBuilder::dec(uint32_t v) {
  char tmp[10];
  uint8_t n = 0;
  // seq numbers, antennas, counts: 16-bit divisions (a 32-bit one costs the AVR ~3x as much, each digit)
  if (v <= 0xFFFFu) {
    uint16_t w = static_cast<uint16_t>(v);
    do {
      tmp[n++] = static_cast<char>('0' + w % 10);
      w = static_cast<uint16_t>(w / 10);
    } while (w);
  } else {
    do {
      tmp[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v);
  }
  while (n) ch(tmp[--n]);
  return *this;
}

LineBuilder& LineBuilder::hex(uint32_t v, uint8_t digits) {
  while (digits) ch(kHex[(v >> (4 * --digits)) & 0xF]);
  return *this;
}

LineBuilder& LineBuilder::uid(const uint8_t* uid, uint8_t len) {
  for (uint8_t i = 0; i < len; i++) ch(kHex[uid[i] >> 4]).ch(kHex[uid[i] & 0xF]);  // no 32-bit shifts
  return *this;
}

uint8_t LineBuilder::finish() {
  uint16_t crc = 0xFFFF;  // crc16(buf_ + 1, len_ - 1), with a pump every 32 bytes
  for (uint8_t i = 1; i < len_; i++) {
    crc = crc16Update(crc, static_cast<uint8_t>(buf_[i]));
    if ((i & 31) == 0) idle();
  }
  buf_[len_++] = '*';
  for (int8_t k = 3; k >= 0; k--) buf_[len_++] = kHex[(crc >> (4 * k)) & 0xF];
  buf_[len_++] = '\n';
  buf_[len_] = '\0';
  return len_;
}

uint8_t renderFrame(const FrameRecord& r, uint16_t bootId, const char* deviceId, const Presence& presence, char* out,
                    Hal* idle) {
  LineBuilder b(out, idle);
  b.ch('$').dec(r.seq).ch(',');
  switch (r.type) {
    case Msg::Hello:
      b.str("HELLO,").dec(kProtocolVersion).ch(',').str(kFirmwareVersion).ch(',').str(deviceId).ch(',').hex(bootId, 4).ch(',').dec(kAntennas);
      break;
    case Msg::Tag:
      b.str("TAG,").dec(r.antenna).ch(',').uid(r.u.uid, r.uidLen).ch(',').ch(static_cast<char>(r.arg));
      break;
    case Msg::Gone:
      b.str("GONE,").dec(r.antenna).ch(',').uid(r.u.uid, r.uidLen);
      break;
    case Msg::Inv: {
      const uint8_t total = presence.reportedCount(r.antenna);
      const uint8_t parts = inventoryParts(total);
      const uint8_t part = r.arg == 0 ? 1 : r.arg;
      const TagSlot* inv[kUidsOneFrame];
      const uint8_t n = parts == 1 ? presence.reported(r.antenna, inv, 0, kUidsOneFrame)
                                   : presence.reported(r.antenna, inv, static_cast<uint8_t>((part - 1) * kUidsPerPart), kUidsPerPart);
      b.str("INV,").dec(r.antenna).ch(',');
      for (uint8_t i = 0; i < n; i++) {
        if (i) b.ch(' ');
        TagRead u;
        presence.uidOf(*inv[i], u);
        b.uid(u.uid, u.uidLen);
        b.idle();
      }
      // a part resent after the antenna shrank keeps its number: the service drops an inventory whose parts disagree
      if (parts > 1 || part > 1) b.ch(',').dec(part).ch('/').dec(parts > part ? parts : part);
      break;
    }
    case Msg::Clr:
      b.str("CLR,").dec(r.antenna);
      break;
    case Msg::Hb:
      b.str("HB,").dec(r.u.hb.uptimeMs).ch(',').dec(r.u.hb.scanMs).ch(',').dec(r.u.hb.dropped);
      break;
    case Msg::Err:
      b.str("ERR,");
      if (r.antenna == kNoAntenna) b.ch('-');
      else b.dec(r.antenna);
      b.ch(',').str(errCodeName(static_cast<ErrCode>(r.arg)));
      break;
  }
  return b.finish();
}

}  // namespace fw
