// The bridge: schedules antenna reads (the most overdue first, FOCUS antennas more often), debounces presence,
// and speaks protocol v2 (seq, ring, ACK, RESEND, SYNC, PING, FOCUS; HELLO, TAG, GONE, INV in parts, HB, ERR, CLR)
// through the HAL.
#pragma once
#include <stdint.h>
#include "config.h"
#include "frame_ring.h"
#include "hal.h"
#include "line_reader.h"
#include "presence.h"

namespace fw {

class Bridge : private PresenceSink {
 public:
  Bridge(Hal& hal, uint16_t bootId, const char* deviceId) : hal_(hal), bootId_(bootId), deviceId_(deviceId) {}
  // Call once from setup(), then poll() from loop().
  void begin();
  void poll();

  uint16_t nextSeq() const { return seq_; }
  uint32_t dropped() const { return dropped_; }
  uint16_t lastCycleMs() const { return lastCycleMs_; }
  uint32_t unknownCommands() const { return unknown_; }
  uint32_t focus() const { return focus_; }
  const FrameRing& ring() const { return ring_; }
  const LineReader& reader() const { return reader_; }
  const Presence& presence() const { return presence_; }
  bool ready() const { return warmup_ == 0; }
  ReadStatus status(uint8_t a) const { return static_cast<ReadStatus>(status_[a]); }

 private:
  void tagArrived(uint8_t antenna, const TagRead& t, char face) override;
  void tagLeft(uint8_t antenna, const TagRead& t) override;

  // The antenna to read next: the largest elapsed / period, `notReader` excluded (0xFF: none excluded).
  // onlyReader: that reader's antennas alone (0xFF: all).
  int16_t pick(uint32_t now, uint8_t notReader, int16_t notAntenna, uint8_t onlyReader = 0xFF) const;
  uint16_t periodOf(uint8_t a) const;
  void scanNext();
  void readOne(uint8_t a);
  // readOne in two halves: the read (or its background inventory's outcome; false while pending), then its
  // outcome applied (presence, TAG / GONE / INV, ERR / CLR, the cycle).
  bool fetch(uint8_t a, ReadStatus& st);
  void apply(uint8_t a, ReadStatus st);
  void setStatus(uint8_t a, ReadStatus st);
  void command(const FrameView& f);
  void sendState();
  void sendHello();
  void sendInventory(uint8_t a);
  void sendInventoryAll();
  void sendFaults();
  void sendHeartbeat();
  void sendErr(uint8_t antenna, ErrCode code);
  void change(FrameRecord& r);
  void emit(FrameRecord& r);
  void transmit(const FrameRecord& r);

  Hal& hal_;
  const uint16_t bootId_;
  const char* const deviceId_;
  FrameRing ring_;
  Presence presence_;
  LineReader reader_;
  uint16_t seq_ = 0;
  uint32_t dropped_ = 0;
  uint32_t unknown_ = 0;
  bool bufFullReported_ = false;
  int16_t prepared_ = -1;  // antenna whose field is already settling on its reader
  int8_t inProgress_[kMaxReaders] = {-1, -1, -1, -1, -1, -1, -1};  // per reader: antenna whose inventory is under way
  uint32_t stepAt_[kMaxReaders] = {};                   // and when its last round ended
  AntennaSink chipSink_[kMaxReaders];                   // its sink (a board may fill it in the background)
  bool lastRound_ = false;                              // the last read was a round of such an inventory
  uint8_t warmup_ = kLatchOnReads;  // silent full cycles before HELLO, so a reboot reports a settled table
  bool syncPending_ = false;
  uint8_t status_[kAntennas] = {};  // last ReadStatus per antenna: ERR / CLR only on a change
  uint32_t lastRead_[kAntennas] = {};
  // The last read cut short (Interrupted) and when: still due (its read did not complete), but ranked by the time
  // since the cut, so a zone of its reader that nobody touched for longer goes first (a 3-zone reader after a push
  // in its middle zone: the neighbour left unread since before the push, then the one whose read the push cut)
  int8_t cutA_ = -1;
  uint32_t cutAt_ = 0;
  uint32_t focus_ = 0;      // FOCUS antennas (bit a)
  uint32_t cycleSeen_ = 0;  // antennas read since the cycle began
  uint32_t cycleStart_ = 0;
  uint16_t lastCycleMs_ = 0;
  uint32_t lastHb_ = 0;
  uint32_t lastInv_ = 0;
  uint8_t invAntenna_ = 0;
  // Changes of the scan under way on a chip antenna, held back: more than kUidsPerPart of them (a stack pushed
  // or collected) go out as the antenna's INV instead (fewer bytes, and the ring does not overflow).
  FrameRecord held_[kUidsPerPart];
  uint8_t heldCount_ = 0;
  bool holding_ = false;
  bool heldOver_ = false;
};

}  // namespace fw
