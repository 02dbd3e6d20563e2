// The bridge: scans the antennas one per poll(), debounces presence, and speaks protocol v1 (seq, ring, ACK,
// RESEND, SYNC, PING, HB, INV, ERR) through the HAL.
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
  const FrameRing& ring() const { return ring_; }
  const LineReader& reader() const { return reader_; }
  bool ready() const { return warmup_ == 0; }

 private:
  void tagArrived(uint8_t antenna, const TagSlot& t) override;
  void tagLeft(uint8_t antenna, const TagSlot& t) override;
  void antennaOverrun(uint8_t antenna) override;

  void scanNext();
  void command(const FrameView& f);
  void sendHello();
  void sendInventoryAll();
  void sendHeartbeat();
  void sendErr(uint8_t antenna, ErrCode code);
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
  uint8_t antenna_ = 0;
  uint8_t warmup_ = kLatchOnReads;  // silent full cycles before HELLO, so a reboot reports a settled table
  bool syncPending_ = false;
  uint8_t status_[kAntennas] = {};  // last ReadStatus per antenna: ERR only on a change
  uint32_t cycleStart_ = 0;
  uint16_t lastCycleMs_ = 0;
  uint32_t lastHb_ = 0;
  uint32_t lastInv_ = 0;
  uint8_t invAntenna_ = 0;
};

}  // namespace fw
