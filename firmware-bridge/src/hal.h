// The bridge's view of its board: time, the serial link, the reader ICs with their antennas and the optional
// face sensors. bridge.cpp uses nothing else, so the protocol and scan logic compile and run on the host.
#pragma once
#include <stdint.h>
#include "presence.h"

namespace fw {

// Pending: the antenna's inventory goes on (one ISO 15693 round a call); call readTags again for it later.
// Foreign: every tag was read, but one of them cannot be reported (a 10-byte UID): ERR,<a>,FOREIGN_TAG.
// Interrupted: the board cut the inventory short for the FOCUS chip zone of the same reader, which it found changed
// (focus()): the tags read so far count, none leaves, no fault; the antenna stays due and is read again next.
enum class ReadStatus : uint8_t { Ok, Timeout, Short, Collision, Overrun, Pending, Foreign, Interrupted };
constexpr uint8_t kMaxReaders = 7;  // the board of avr/board_config.h: 2 card readers, 5 chip readers

class Hal {
 public:
  virtual uint32_t millis() = 0;
  // Next byte from the service, or -1 when none is waiting.
  virtual int serialRead() = 0;
  virtual void serialWrite(const char* data, uint8_t len) = 0;
  // Which reader IC drives antenna `a` (several PN5180 share the SPI bus, each with its own antennas).
  virtual uint8_t readerOf(uint8_t a) {
    (void)a;
    return 0;
  }
  // True for antennas that read chips (ISO 15693) only: the scheduler's slower period.
  virtual bool chipsOnly(uint8_t a) {
    (void)a;
    return false;
  }
  // Routes antenna `a`'s reader to it and switches its field on without waiting: the field settles while
  // another reader works. Optional (readTags does it when it was not done).
  virtual void prepare(uint8_t a) { (void)a; }
  // Reads the tags on antenna `a` into `sink` (field on and settled first, off after). May return Pending after a
  // part of the inventory: the reader keeps its field on `a`, and nothing else of that reader is read or prepared
  // until a later readTags(a) completes it.
  virtual ReadStatus readTags(uint8_t a, TagSink& sink) = 0;
  // A board that runs a Pending inventory in the background (its rounds advance from pump(), called by the
  // bridge's loop and from the waits of other reads) says here whether antenna `a`'s is complete: the bridge then
  // calls readTags(a) for its outcome. The sink given to the readTags that returned Pending must stay valid until
  // then (the bridge keeps one per reader). A board that does each round inside readTags answers true.
  virtual bool roundsDone(uint8_t a) {
    (void)a;
    return true;
  }
  virtual void pump() {}
  // A background read of antenna `a` just began: antenna `next` of the same reader comes after it, so the board may
  // switch the field to `next` as soon as `a`'s read needs it no more (its 5.1 ms settle runs before the bridge
  // gets to it). onAir(reader): the antenna whose field is on there, or -1.
  virtual void prepareNext(uint8_t a, uint8_t next) { (void)a, (void)next; }
  virtual int16_t onAir(uint8_t reader) {
    (void)reader;
    return -1;
  }
  virtual bool background() { return false; }
  // The FOCUS antennas (bit a), as the service last named them. A board may look at a focused chip zone between the
  // rounds of another zone's inventory on the same reader, and cut that inventory short (Interrupted) when the
  // focused zone changed: a bet pushed there is read now, not after the neighbour's stack.
  virtual void focus(uint32_t antennas) { (void)antennas; }
  // 'U' or 'D' from the antenna's optical sensor, '-' where there is none.
  virtual uint8_t face(uint8_t antenna) {
    (void)antenna;
    return '-';
  }
  virtual ~Hal() {}
};

}  // namespace fw
