#include "bridge.h"
#include <string.h>
#include "frame_text.h"

namespace fw {

void Bridge::begin() {
  const uint32_t now = hal_.millis();
  cycleStart_ = lastHb_ = lastInv_ = now;
}

void Bridge::poll() {
  for (int c = hal_.serialRead(); c >= 0; c = hal_.serialRead())
    if (reader_.feed(static_cast<uint8_t>(c))) command(reader_.frame());
  scanNext();
  if (!ready()) return;
  const uint32_t now = hal_.millis();
  if (now - lastHb_ >= kHeartbeatMs) {
    lastHb_ = now;
    sendHeartbeat();
  }
  // periodic INV, spread over the period: one antenna every kInventoryMs / kAntennas
  if (now - lastInv_ >= kInventoryMs / kAntennas) {
    lastInv_ = now;
    FrameRecord r{};
    r.type = Msg::Inv;
    r.antenna = invAntenna_;
    invAntenna_ = (invAntenna_ + 1) % kAntennas;
    emit(r);
  }
}

void Bridge::scanNext() {
  TagRead reads[kMaxTagsPerAntenna + 1];
  uint8_t n = 0;
  const uint8_t a = antenna_;
  hal_.selectAntenna(a);
  const ReadStatus st = hal_.readTags(reads, kMaxTagsPerAntenna + 1, n);
  if (ready()) {  // during warm-up nothing is reported, so a fault seen then is reported right after HELLO
    if (st != static_cast<ReadStatus>(status_[a]) && st != ReadStatus::Ok) {
      static const ErrCode kCode[] = {ErrCode::AntTimeout, ErrCode::AntTimeout, ErrCode::AntShort, ErrCode::Collision};
      sendErr(a, kCode[static_cast<uint8_t>(st)]);
    }
    status_[a] = static_cast<uint8_t>(st);
  }
  // A timed-out or shorted antenna read nothing reliable: keep its tags until it reads again.
  if (st == ReadStatus::Ok || st == ReadStatus::Collision) presence_.scanned(a, reads, n, hal_.face(a), hal_.millis(), *this);
  antenna_ = (a + 1) % kAntennas;
  if (antenna_ != 0) return;
  const uint32_t now = hal_.millis();
  lastCycleMs_ = static_cast<uint16_t>(now - cycleStart_);
  cycleStart_ = now;
  if (warmup_ > 0 && --warmup_ == 0) syncPending_ = true;
  if (syncPending_ && ready()) {
    syncPending_ = false;
    sendHello();
    sendInventoryAll();
  }
}

void Bridge::tagArrived(uint8_t antenna, const TagSlot& t) {
  if (!ready()) return;  // warm-up: the first INV reports it
  FrameRecord r{};
  r.type = Msg::Tag;
  r.antenna = antenna;
  r.arg = t.face;
  r.uidLen = t.uidLen;
  memcpy(r.u.uid, t.uid, t.uidLen);
  emit(r);
}

void Bridge::tagLeft(uint8_t antenna, const TagSlot& t) {
  if (!ready()) return;
  FrameRecord r{};
  r.type = Msg::Gone;
  r.antenna = antenna;
  r.uidLen = t.uidLen;
  memcpy(r.u.uid, t.uid, t.uidLen);
  emit(r);
}

void Bridge::antennaOverrun(uint8_t antenna) {
  if (ready()) sendErr(antenna, ErrCode::Overrun);
}

static bool parseSeq(const char* s, uint16_t& out) {
  uint32_t v = 0;
  uint8_t digits = 0;
  for (; *s; s++, digits++) {
    if (*s < '0' || *s > '9' || digits >= 5) return false;
    v = v * 10 + (*s - '0');
  }
  if (digits == 0 || v > 65535) return false;
  out = static_cast<uint16_t>(v);
  return true;
}

void Bridge::command(const FrameView& f) {
  uint16_t seq = 0;
  const bool hasSeq = f.fieldCount >= 1 && parseSeq(f.fields[0], seq);
  if (strcmp(f.type, "ACK") == 0 && hasSeq) {
    ring_.ack(seq);
    bufFullReported_ = false;
  } else if (strcmp(f.type, "RESEND") == 0 && hasSeq) {
    const int16_t i = ring_.find(seq);
    if (i >= 0) {
      const uint8_t end = ring_.size();  // frames added while resending are sent by emit() anyway
      for (uint8_t k = static_cast<uint8_t>(i); k < end; k++) transmit(ring_.at(k));
    } else if (seq != seq_) {
      if (ready()) sendHello(), sendInventoryAll();  // gone from the ring: the full state instead
      else syncPending_ = true;
    }
  } else if (strcmp(f.type, "SYNC") == 0) {
    if (ready()) sendHello(), sendInventoryAll();
    else syncPending_ = true;
  } else if (strcmp(f.type, "PING") == 0) {
    sendHeartbeat();
  } else {
    unknown_++;  // an extension this firmware does not know: ignored
  }
}

void Bridge::sendHello() {
  FrameRecord r{};
  r.type = Msg::Hello;
  emit(r);
}

void Bridge::sendInventoryAll() {
  lastInv_ = hal_.millis();  // a full inventory restarts the periodic one
  for (uint8_t a = 0; a < kAntennas; a++) {
    FrameRecord r{};
    r.type = Msg::Inv;
    r.antenna = a;
    emit(r);
  }
}

void Bridge::sendHeartbeat() {
  FrameRecord r{};
  r.type = Msg::Hb;
  r.u.hb.uptimeMs = hal_.millis();
  r.u.hb.scanMs = lastCycleMs_;
  r.u.hb.dropped = static_cast<uint16_t>(dropped_ > 0xFFFF ? 0xFFFF : dropped_);
  emit(r);
}

void Bridge::sendErr(uint8_t antenna, ErrCode code) {
  FrameRecord r{};
  r.type = Msg::Err;
  r.antenna = antenna;
  r.arg = static_cast<uint8_t>(code);
  emit(r);
}

void Bridge::emit(FrameRecord& r) {
  r.seq = seq_++;
  if (!ring_.push(r)) {
    dropped_++;
    if (!bufFullReported_) {
      bufFullReported_ = true;
      transmit(r);
      sendErr(kNoAntenna, ErrCode::BufFull);
      return;
    }
  }
  transmit(r);
}

void Bridge::transmit(const FrameRecord& r) {
  char line[kMaxFrame + 1];
  const TagSlot* inv[kMaxTagsPerAntenna];
  const uint8_t n = r.type == Msg::Inv ? presence_.reported(r.antenna, inv) : 0;
  const uint8_t len = renderFrame(r, bootId_, deviceId_, inv, n, line);
  hal_.serialWrite(line, len);
}

}  // namespace fw
