// A table on the host: tags placed on antennas, antennas that fail, a clock the test moves, and the serial
// link captured frame by frame (decoded with the firmware's own LineReader, so every line is checked).
#pragma once
#include <cstring>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>
#include "crc16.h"
#include "hal.h"
#include "line_reader.h"

struct SentFrame {
  long seq;
  std::string type;
  std::vector<std::string> fields;
  std::string line;
};

class FakeHal : public fw::Hal {
 public:
  uint32_t now = 0;
  uint32_t msPerRead = 8;  // one antenna inventory
  std::map<int, std::set<std::string>> table;  // antenna -> uids (hex, MSB first)
  std::map<int, fw::ReadStatus> broken;
  std::map<int, uint8_t> faces;
  std::deque<char> toBridge;
  std::vector<SentFrame> sent;
  fw::LineReader wire;
  int selected = -1;

  uint32_t millis() override { return now; }
  // the bridge's loop with nothing due reads nothing (its antennas rest between reads): the clock still goes on, a
  // ms every 256 pumps without a read (a poll pumps ~25-40 times)
  void pump() override {
    if (++idlePumps_ >= 256) idlePumps_ = 0, now++;
  }
  int serialRead() override {
    if (toBridge.empty()) return -1;
    const int c = static_cast<unsigned char>(toBridge.front());
    toBridge.pop_front();
    return c;
  }
  void serialWrite(const char* data, uint8_t len) override {
    pending_.append(data, len);
    for (uint8_t i = 0; i < len; i++) {
      if (!wire.feed(static_cast<uint8_t>(data[i]))) continue;
      const fw::FrameView& f = wire.frame();
      SentFrame s{f.seq, f.type, {}, pending_};
      for (uint8_t k = 0; k < f.fieldCount; k++) s.fields.push_back(f.fields[k]);
      sent.push_back(s);
      pending_.clear();
    }
  }
  std::vector<int> readOrder;  // antennas in the order they were read
  std::map<int, int> rounds;  // antenna -> calls its inventory takes (the first ones return Pending)
  // antenna -> reads the board cuts short (Interrupted) after the first tag of the antenna (BoardHal's peek)
  std::map<int, int> cut;
  uint32_t focused = 0;  // the FOCUS antennas, as the bridge handed them to the board
  void focus(uint32_t antennas) override { focused = antennas; }
  std::map<int, int> left_;
  uint8_t readers = 1;
  uint8_t readerOf(uint8_t a) override { return static_cast<uint8_t>(a % readers); }
  fw::ReadStatus readTags(uint8_t a, fw::TagSink& sink) override {
    selected = a;
    idlePumps_ = 0;
    readOrder.push_back(a);
    now += msPerRead;
    if (rounds.count(a)) {
      if (!left_.count(a) || left_[a] == 0) left_[a] = rounds[a];
      if (--left_[a] > 0) return fw::ReadStatus::Pending;
    }
    if (cut.count(a) && cut[a] > 0) {
      cut[a]--;
      if (!table[a].empty()) {
        uint8_t u[10];
        sink.tag(u, bytesOf(*table[a].begin(), u));
      }
      return fw::ReadStatus::Interrupted;
    }
    auto b = broken.find(selected);
    // Collision / Foreign: the tags listed were read, then that status (a 10-byte UID is not given to the sink)
    if (b != broken.end() && b->second != fw::ReadStatus::Collision && b->second != fw::ReadStatus::Foreign)
      return b->second;
    bool full = false;
    for (const auto& uid : table[selected]) {
      uint8_t u[10];
      if (!sink.tag(u, bytesOf(uid, u))) full = true;
    }
    if (full) return fw::ReadStatus::Overrun;
    return b != broken.end() ? b->second : fw::ReadStatus::Ok;
  }
  std::set<int> chipAntennas;
  bool chipsOnly(uint8_t a) override { return chipAntennas.count(a) > 0; }
  uint8_t face(uint8_t antenna) override {
    auto f = faces.find(antenna);
    return f == faces.end() ? '-' : f->second;
  }

  // Sends a service frame to the bridge, CRC computed here.
  void command(const std::string& body) {
    char crc[8];
    std::snprintf(crc, sizeof crc, "*%04X\n", fw::crc16(body.data(), static_cast<uint16_t>(body.size())));
    const std::string line = "$" + body + crc;
    toBridge.insert(toBridge.end(), line.begin(), line.end());
  }
  std::vector<SentFrame> ofType(const std::string& t) const {
    std::vector<SentFrame> out;
    for (const auto& s : sent)
      if (s.type == t) out.push_back(s);
    return out;
  }

 protected:
  // a UID as the tests write it (hex, MSB first) into bytes; its length
  static uint8_t bytesOf(const std::string& uid, uint8_t* u) {
    const uint8_t len = static_cast<uint8_t>(uid.size() / 2);
    for (uint8_t i = 0; i < len; i++) u[i] = static_cast<uint8_t>(std::stoul(uid.substr(2 * i, 2), nullptr, 16));
    return len;
  }

 private:
  std::string pending_;
  int idlePumps_ = 0;
};
