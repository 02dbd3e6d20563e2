#include "bridge.h"
#include <string.h>
#include "frame_text.h"

namespace fw {

namespace {
constexpr uint32_t kAllAntennas = kAntennas >= 32 ? 0xFFFFFFFFul : (1ul << kAntennas) - 1;
// The ERR code of an antenna's read status (Ok never gets here).
ErrCode errOf(ReadStatus st) {
  static const ErrCode kCode[] = {ErrCode::AntTimeout, ErrCode::AntTimeout, ErrCode::AntShort,
                                  ErrCode::Collision,  ErrCode::Overrun,    ErrCode::AntTimeout,
                                  ErrCode::ForeignTag, ErrCode::AntTimeout};  // (Interrupted is no fault: never here)
  return kCode[static_cast<uint8_t>(st)];
}
}

void Bridge::begin() {
  const uint32_t now = hal_.millis();
  cycleStart_ = lastHb_ = lastInv_ = now;
  for (uint8_t a = 0; a < kAntennas; a++) lastRead_[a] = now - kChipPeriodMs * (kAntennas - a);  // all due, in order
}

void Bridge::poll() {
  for (int c = hal_.serialRead(); c >= 0; c = hal_.serialRead())
    if (reader_.feed(static_cast<uint8_t>(c))) command(reader_.frame());
  hal_.pump();
  // chips a background inventory has read so far: reported now (one TAG each), not after the ~0.6 s the rest of a
  // 40-chip inventory takes; while the ring keeps kEarlyRoom frames free (else its end reports them: INV)
  // (two a loop at most: each TAG is ~4 ms of the link at 115200 once the TX buffer is full, and the scheduler below
  // must not wait behind a dozen of them: a chip reader whose inventory ended would idle ~50 ms before its next zone)
  if (ready() && presence_.fresh() && ring_.size() < kRingFrames - kEarlyRoom) {
    const uint8_t room = static_cast<uint8_t>(kRingFrames - kEarlyRoom - ring_.size());
    presence_.reportFresh(*this, room < kFreshPerLoop ? room : kFreshPerLoop);
  }
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
    sendInventory(invAntenna_);
    invAntenna_ = (invAntenna_ + 1) % kAntennas;
  }
}

uint16_t Bridge::periodOf(uint8_t a) const {
  if (focus_ & (1ul << a)) return hal_.chipsOnly(a) ? kFocusChipPeriodMs : kFocusPeriodMs;
  return hal_.chipsOnly(a) ? kChipPeriodMs : kCardPeriodMs;
}

int16_t Bridge::pick(uint32_t now, uint8_t notReader, int16_t notAntenna, uint8_t onlyReader) const {
  int16_t best = -1;
  uint32_t bestScore = 0;
  for (uint8_t a = 0; a < kAntennas; a++) {
    if (a & 1) hal_.pump();  // the background rounds go on meanwhile (a due slot waits for the next pump: every 4
                             // antennas let a 40-chip push's slots wait ~70 ms more in all)
    const uint8_t r = hal_.readerOf(a);
    if (a == notAntenna || (notReader != 0xFF && r == notReader) || (onlyReader != 0xFF && r != onlyReader)) continue;
    if (r < kMaxReaders && inProgress_[r] >= 0 && inProgress_[r] != a) continue;  // its reader is busy elsewhere
    // (4) a chip inventory under way, right after any other read: rounds and the rest alternate when both wait;
    // (3) an antenna past its period, the most overdue first (elapsed / period, in 1/256); (2) an inventory under
    // way, back to back when nothing is overdue; (1) the rest, the most overdue first.
    const bool running = r < kMaxReaders && inProgress_[r] == a;
    if (running && !hal_.roundsDone(a)) continue;  // its rounds run in the board's background
    // an inventory that completed in the background: its outcome first (the report goes out at once)
    if (running && hal_.background()) return a;
    const uint32_t elapsed = now - (running ? stepAt_[r] : lastRead_[a]);
    // Once warmed up, an antenna rests after its read (its reader idles, the CPU goes to the others' slots): a card
    // antenna kCardRestMs (its next read still within the 250 ms of issue 26 (a)), a chip zone until it is due
    // (issue 26 (b), (c): a zone beside the focused one is not read back to back, so a push that lands waits for one
    // read of it at most once in its period, not nearly always; and no chip reader takes the CPU from the push's
    // slots for reads nobody needs). During the warm-up every antenna is read back to back (HELLO comes sooner).
    if (!running && warmup_ == 0 && elapsed < (hal_.chipsOnly(a) ? periodOf(a) : kCardRestMs)) continue;
    // ranks as elapsed / period without a 32-bit division (48 of them a read cost the AVR ~2 ms): elapsed times
    // 65535 / period, elapsed capped at 15 s so the product stays below the tier bits
    const uint32_t ranked = !running && a == cutA_ && now - cutAt_ < elapsed ? now - cutAt_ : elapsed;
    const uint32_t e = ranked > 15000ul ? 15000ul : ranked;
    const uint16_t period = periodOf(a);
    // a due chip zone whose reader is idle counts as a round too (else the reader idles while cards are read)
    const bool chipDue = !running && hal_.chipsOnly(a) && elapsed >= period && (r >= kMaxReaders || inProgress_[r] < 0);
    const uint32_t tier = running || chipDue ? (lastRound_ ? 2 : 4) : elapsed >= period ? 3 : 1;
    // a FOCUS antenna (the board, the seat to act's betting zone) is due sooner, but once due it competes by its
    // kind's period: a board of five cards costs ~20 ms a read, a 40-chip stack ~0.6 s, and at 60 ms either would
    // starve the rest of its reader (none starved: issue 26)
    const uint16_t rank = hal_.chipsOnly(a) ? kChipPeriodMs : kCardPeriodMs;
    const uint16_t per = rank == kFocusPeriodMs ? 65535u / kFocusPeriodMs
                         : rank == kCardPeriodMs ? 65535u / kCardPeriodMs
                                                 : 65535u / kChipPeriodMs;
    const uint32_t score = tier << 24 | (running ? e : e * per);
    if (score > bestScore) best = a, bestScore = score;
  }
  return best;
}

void Bridge::scanNext() {
  // A chip inventory that completed in the background: its outcome at once, and its reader goes on with its most
  // overdue due antenna now (the probe is sent and answered in the background too), not after the card reads the
  // scheduler had lined up: a chip reader does not idle between two zones.
  for (uint8_t r = 0; r < kMaxReaders && hal_.background(); r++) {
    const int8_t done = inProgress_[r];
    if (done < 0 || !hal_.roundsDone(static_cast<uint8_t>(done))) continue;
    ReadStatus st;
    fetch(static_cast<uint8_t>(done), st);
    // picked as the next antenna while its rounds were done (pick: its outcome first), it has just had it: no new
    // read of it now (else the scheduler below began the zone's inventory again at once, before its neighbour fell
    // due, and that neighbour waited for both: ~1.1 s in a full table)
    if (prepared_ == done) prepared_ = -1;
    const uint32_t t = hal_.millis();
    const int16_t on = hal_.onAir(r);  // the antenna the board already switched the field to, if any
    const int16_t go = on >= 0 ? on : pick(t, 0xFF, -1, r);
    // (a card reader goes on with its most overdue antenna at once: its reads run in the background too; an antenna
    // whose field the board already switched on is read now: the focused zone after an inventory cut short for it)
    if (go >= 0 && (go == on || !hal_.chipsOnly(static_cast<uint8_t>(go)) ||
                    t - lastRead_[go] >= periodOf(static_cast<uint8_t>(go)))) {
      if (prepared_ >= 0 && hal_.readerOf(static_cast<uint8_t>(prepared_)) == r) prepared_ = -1;
      readOne(static_cast<uint8_t>(go));
    }
    apply(static_cast<uint8_t>(done), st);  // its frames (a stack's INV: ~75 ms at 115200) while the next one reads
  }
  const uint32_t now = hal_.millis();
  const int16_t a = prepared_ >= 0 ? prepared_ : pick(now, 0xFF, -1);
  if (a < 0) return;
  // The next antenna on another reader gets its field now, so it settles while this one is read.
  const uint8_t reader = hal_.readerOf(static_cast<uint8_t>(a));
  const int16_t next = pick(now, reader, a);
  const bool nextRunning = next >= 0 && inProgress_[hal_.readerOf(static_cast<uint8_t>(next))] == next;
  if (next >= 0 && !nextRunning) hal_.prepare(static_cast<uint8_t>(next));
  prepared_ = next;
  readOne(static_cast<uint8_t>(a));
}

void Bridge::readOne(uint8_t a) {
  ReadStatus st;
  if (!fetch(a, st)) return;
  apply(a, st);
  // cut short for the focused zone of its reader: that zone now, its field already on (not the cut zone again,
  // which the scheduler would rank first: it is the more overdue)
  const uint8_t r = hal_.readerOf(a);
  const int16_t on = st == ReadStatus::Interrupted ? hal_.onAir(r) : -1;
  if (on < 0) return;
  if (prepared_ >= 0 && hal_.readerOf(static_cast<uint8_t>(prepared_)) == r) prepared_ = -1;
  readOne(static_cast<uint8_t>(on));
}

bool Bridge::fetch(uint8_t a, ReadStatus& st) {
  const uint8_t reader = hal_.readerOf(a);
  const bool resumed = reader < kMaxReaders && inProgress_[reader] == a;
  if (!resumed) presence_.begin(static_cast<uint8_t>(a), hal_.face(static_cast<uint8_t>(a)));
  AntennaSink local(presence_, static_cast<uint8_t>(a));
  AntennaSink& sink = reader < kMaxReaders && hal_.background() ? chipSink_[reader] : local;
  if (&sink != &local) sink.set(presence_, static_cast<uint8_t>(a));
  // a card antenna's read: the reader's most overdue other card antenna comes after it (picked while the reader is
  // free, so that its antennas count)
  const int16_t next = resumed || hal_.chipsOnly(static_cast<uint8_t>(a)) ? -1 : pick(hal_.millis(), 0xFF, a, reader);
  st = hal_.readTags(static_cast<uint8_t>(a), sink);
  if (reader < kMaxReaders) {
    inProgress_[reader] = st == ReadStatus::Pending ? static_cast<int8_t>(a) : -1;
    stepAt_[reader] = hal_.millis();
  }
  if (st == ReadStatus::Pending && next >= 0 && !hal_.chipsOnly(static_cast<uint8_t>(next)))
    hal_.prepareNext(a, static_cast<uint8_t>(next));
  // (a board's background card reads are Pending too, but they are no chip round)
  lastRound_ = hal_.chipsOnly(static_cast<uint8_t>(a)) || (!hal_.background() && (st == ReadStatus::Pending || resumed));
  if (st == ReadStatus::Pending) return false;  // more rounds later; other readers' antennas in between
  // (cut short: still due, ranked from the cut)
  if (st == ReadStatus::Interrupted) cutA_ = static_cast<int8_t>(a), cutAt_ = hal_.millis();
  else lastRead_[a] = hal_.millis();
  if (st != ReadStatus::Interrupted && cutA_ == static_cast<int8_t>(a)) cutA_ = -1;
  return true;
}

void Bridge::apply(uint8_t a, ReadStatus st) {
  const uint32_t done = hal_.millis();
  // A timed-out or shorted antenna read nothing reliable: keep its tags until it reads again; after an unresolved
  // collision only the tags it read count (none leaves).
  // (an overrun read every tag in the field, it only could not keep them all; a foreign tag was read and left out)
  holding_ = hal_.chipsOnly(static_cast<uint8_t>(a));
  heldCount_ = 0;
  heldOver_ = false;
  const bool overrun = presence_.end(static_cast<uint8_t>(a), done,
                                    st == ReadStatus::Ok || st == ReadStatus::Overrun || st == ReadStatus::Foreign, *this,
                                    st == ReadStatus::Ok);
  holding_ = false;
  if (heldOver_) sendInventory(static_cast<uint8_t>(a));
  else
    for (uint8_t i = 0; i < heldCount_; i++) emit(held_[i]);
  if (st == ReadStatus::Interrupted) return;  // no fault and no change of one; the antenna's read is still to come
  ReadStatus shown = st;
  if (shown == ReadStatus::Ok && overrun) shown = ReadStatus::Overrun;
  if (ready()) setStatus(static_cast<uint8_t>(a), shown);
  else status_[a] = static_cast<uint8_t>(shown);  // warm-up: reported right after HELLO (sendFaults)
  cycleSeen_ |= 1ul << a;
  if (cycleSeen_ != kAllAntennas) return;
  cycleSeen_ = 0;
  lastCycleMs_ = static_cast<uint16_t>(done - cycleStart_);
  cycleStart_ = done;
  if (warmup_ > 0 && --warmup_ == 0) syncPending_ = true;
  if (syncPending_ && ready()) {
    syncPending_ = false;
    sendState();
  }
}

void Bridge::setStatus(uint8_t a, ReadStatus st) {
  const ReadStatus was = static_cast<ReadStatus>(status_[a]);
  status_[a] = static_cast<uint8_t>(st);
  if (st == was) return;  // each fault once per change of state
  if (st == ReadStatus::Ok) {
    FrameRecord r{};
    r.type = Msg::Clr;
    r.antenna = a;
    emit(r);
    return;
  }
  sendErr(a, errOf(st));
}

void Bridge::tagArrived(uint8_t antenna, const TagRead& t, char face) {
  if (!ready()) return;  // warm-up: the first INV reports it
  FrameRecord r{};
  r.type = Msg::Tag;
  r.antenna = antenna;
  r.arg = static_cast<uint8_t>(face);
  r.uidLen = t.uidLen;
  memcpy(r.u.uid, t.uid, r.uidLen);
  change(r);
}

void Bridge::change(FrameRecord& r) {
  if (!holding_) return emit(r);
  if (heldCount_ < kUidsPerPart) held_[heldCount_++] = r;
  else heldOver_ = true;
}

void Bridge::tagLeft(uint8_t antenna, const TagRead& t) {
  if (!ready()) return;
  FrameRecord r{};
  r.type = Msg::Gone;
  r.antenna = antenna;
  r.uidLen = t.uidLen;
  memcpy(r.u.uid, t.uid, r.uidLen);
  change(r);
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

// "3 12 20" -> bits 3, 12, 20; false on anything else (an antenna out of range, a stray character)
static bool parseAntennas(const char* s, uint32_t& out) {
  out = 0;
  while (*s) {
    if (*s == ' ') {
      s++;
      continue;
    }
    uint16_t v = 0;
    uint8_t digits = 0;
    for (; *s >= '0' && *s <= '9'; s++, digits++) v = static_cast<uint16_t>(v * 10 + (*s - '0'));
    if (digits == 0 || digits > 2 || v >= kAntennas || (*s && *s != ' ')) return false;
    out |= 1ul << v;
  }
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
      if (ready()) sendState();  // gone from the ring: the full state instead
      else syncPending_ = true;
    }
  } else if (strcmp(f.type, "SYNC") == 0) {
    if (ready()) sendState();
    else syncPending_ = true;
  } else if (strcmp(f.type, "PING") == 0) {
    sendHeartbeat();
  } else if (strcmp(f.type, "FOCUS") == 0) {
    uint32_t set = 0;
    if (f.fieldCount == 0 || parseAntennas(f.fields[0], set)) hal_.focus(focus_ = set);
    else unknown_++;
  } else {
    unknown_++;  // an extension this firmware does not know: ignored
  }
}

// The bridge's whole state: HELLO, an INV for every antenna, then every antenna fault still standing.
void Bridge::sendState() {
  sendHello();
  sendInventoryAll();
  sendFaults();
}

void Bridge::sendHello() {
  FrameRecord r{};
  r.type = Msg::Hello;
  emit(r);
}

void Bridge::sendInventory(uint8_t a) {
  const uint8_t parts = inventoryParts(presence_.reportedCount(a));
  for (uint8_t k = 1; k <= parts; k++) {
    FrameRecord r{};
    r.type = Msg::Inv;
    r.antenna = a;
    r.arg = parts > 1 ? k : 0;
    emit(r);
  }
}

void Bridge::sendInventoryAll() {
  lastInv_ = hal_.millis();  // a full inventory restarts the periodic one
  for (uint8_t a = 0; a < kAntennas; a++) sendInventory(a);
}

void Bridge::sendFaults() {
  for (uint8_t a = 0; a < kAntennas; a++) {
    const ReadStatus st = static_cast<ReadStatus>(status_[a]);
    if (st == ReadStatus::Ok) continue;
    sendErr(a, errOf(st));
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
  const uint8_t len = renderFrame(r, bootId_, deviceId_, presence_, line, &hal_);
  hal_.pump();  // a slot whose outcome came while the frame was rendered (~0.1 ms: its text and CRC) goes on now
  hal_.serialWrite(line, len);
}

}  // namespace fw
