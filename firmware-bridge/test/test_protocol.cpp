// The firmware's framing against the shared golden vectors: the same verdicts and causes as the service.
#include <cstring>
#include "check.h"
#include "crc16.h"
#include "frame_text.h"
#include "line_reader.h"
#include "vectors.h"

using namespace fw;

static const char* const kCauses[] = {"too_long", "truncated", "no_asterisk", "bad_crc", "bad_format"};

struct Fed {
  std::vector<long> seqs;
  std::vector<std::string> types;
  long counts[5] = {};
  long noise = 0;
  long maxBuffered = 0;
};

static Fed feed(const std::string& bytes) {
  LineReader r;
  Fed out;
  for (unsigned char b : bytes) {
    if (r.feed(b)) {
      out.seqs.push_back(r.frame().seq);
      out.types.push_back(r.frame().type);
    }
    if (r.buffered() > out.maxBuffered) out.maxBuffered = r.buffered();
  }
  for (int i = 0; i < 5; i++) out.counts[i] = r.count(static_cast<Reject>(i));
  out.noise = r.noise();
  return out;
}

static long rejected(const Fed& f) {
  long n = 0;
  for (long c : f.counts) n += c;
  return n;
}

TEST(crc_check_value) {
  CHECK_EQ(crc16("123456789", 9), 0x29B1);
  CHECK_EQ(crc16("", 0), 0xFFFF);
}

TEST(line_reader_reads_every_vector_as_the_service_does) {
  const auto vectors = loadVectors(check::vectorsPath);
  CHECK(vectors.size() > 40);
  for (const auto& v : vectors) {
    const Fed f = feed(v.bytes);
    CHECK(f.maxBuffered <= 160);
    if (v.kind == "valid") {
      if (f.seqs.size() != 1 || rejected(f) != 0) std::fprintf(stderr, "  vector line %d (%s)\n", v.line, v.note.c_str());
      CHECK_EQ(f.seqs.size(), 1u);
      CHECK_EQ(rejected(f), 0);
    } else if (v.kind == "invalid") {
      int cause = -1;
      for (int i = 0; i < 5; i++)
        if (v.cause == kCauses[i]) cause = i;
      CHECK(cause >= 0);
      if (cause < 0) continue;
      if (f.counts[cause] != 1 || !f.seqs.empty()) std::fprintf(stderr, "  vector line %d (%s)\n", v.line, v.note.c_str());
      CHECK_EQ(f.seqs.size(), 0u);
      CHECK_EQ(rejected(f), 1);
      CHECK_EQ(f.counts[cause], 1);
    } else {
      if (f.seqs != v.frames) std::fprintf(stderr, "  vector line %d (%s)\n", v.line, v.note.c_str());
      CHECK(f.seqs == v.frames);
      for (int i = 0; i < 5; i++) {
        const auto it = v.counts.find(kCauses[i]);
        CHECK_EQ(f.counts[i], it == v.counts.end() ? 0L : it->second);
      }
      const auto noise = v.counts.find("noise");
      CHECK_EQ(f.noise, noise == v.counts.end() ? 0L : noise->second);
    }
  }
}

static uint8_t parseUid(const char* hex, uint8_t* out) {
  uint8_t n = 0;
  for (; hex[0] && hex[1] && n < 8; hex += 2) {
    auto v = [](char c) { return static_cast<uint8_t>(c <= '9' ? c - '0' : c - 'A' + 10); };
    out[n++] = static_cast<uint8_t>(v(hex[0]) << 4 | v(hex[1]));
  }
  return n;
}

// Every golden frame of a type the bridge sends is rebuilt from a FrameRecord, byte for byte.
TEST(bridge_renders_the_golden_frames_byte_for_byte) {
  int rendered = 0;
  for (const auto& v : loadVectors(check::vectorsPath)) {
    if (v.kind != "valid") continue;
    const size_t start = v.bytes.find('$');
    std::string lf = v.bytes.substr(start);
    if (lf.size() >= 2 && lf[lf.size() - 2] == '\r') lf.erase(lf.size() - 2, 1);
    char line[200];
    std::memcpy(line, lf.data(), lf.size());
    FrameView f{};
    Reject why;
    CHECK(decodeLine(line, static_cast<uint8_t>(lf.size()), f, why));
    FrameRecord r{};
    r.seq = f.seq;
    Presence presence;
    std::vector<TagRead> reads;
    uint16_t bootId = 0;
    const char* device = "";
    const std::string type = f.type;
    if (type == "HELLO") {
      if (std::string(f.fields[1]) != kFirmwareVersion || std::atoi(f.fields[4]) != kAntennas) continue;
      r.type = Msg::Hello;
      bootId = static_cast<uint16_t>(std::strtol(f.fields[3], nullptr, 16));
      device = f.fields[2];
    } else if (type == "TAG" || type == "GONE") {
      r.type = type == "TAG" ? Msg::Tag : Msg::Gone;
      r.antenna = static_cast<uint8_t>(std::atoi(f.fields[0]));
      r.uidLen = parseUid(f.fields[1], r.u.uid);
      if (type == "TAG") r.arg = static_cast<uint8_t>(f.fields[2][0]);
    } else if (type == "INV") {
      r.type = Msg::Inv;
      r.antenna = static_cast<uint8_t>(std::atoi(f.fields[0]));
      // only real inventories (space-separated 8/14/16-digit UIDs); the 160-byte boundary vectors are not
      std::string tokens = f.fields[1], rebuilt;
      std::vector<std::string> uids;
      for (size_t at = 0; at < tokens.size();) {
        const size_t sp = tokens.find(' ', at);
        uids.push_back(tokens.substr(at, sp == std::string::npos ? std::string::npos : sp - at));
        at = sp == std::string::npos ? tokens.size() : sp + 1;
      }
      bool real = uids.size() <= 8;
      for (const auto& u : uids) real = real && (u.size() == 8 || u.size() == 14 || u.size() == 16);
      if (!real) continue;
      for (const auto& u : uids) {
        TagRead t{};
        t.uidLen = parseUid(u.c_str(), t.uid);
        reads.push_back(t);
      }
      struct : PresenceSink {
        void tagArrived(uint8_t, const TagRead&, char) override {}
        void tagLeft(uint8_t, const TagRead&) override {}
      } quiet;
      for (int k = 0; k < 2; k++)  // two reads latch a card on
        presence.scanned(r.antenna, reads.data(), static_cast<uint8_t>(reads.size()), '-', 1000u * k, quiet);
    } else if (type == "HB") {
      r.type = Msg::Hb;
      r.u.hb.uptimeMs = static_cast<uint32_t>(std::atol(f.fields[0]));
      r.u.hb.scanMs = static_cast<uint16_t>(std::atoi(f.fields[1]));
      r.u.hb.dropped = static_cast<uint16_t>(std::atoi(f.fields[2]));
    } else if (type == "ERR") {
      r.type = Msg::Err;
      r.antenna = f.fields[0][0] == '-' ? kNoAntenna : static_cast<uint8_t>(std::atoi(f.fields[0]));
      bool known = false;
      for (uint8_t c = 0; c < 5; c++)
        if (std::string(errCodeName(static_cast<ErrCode>(c))) == f.fields[1]) r.arg = c, known = true;
      if (!known) continue;
    } else {
      continue;  // service-to-bridge or unknown types
    }
    char out[kMaxFrame + 1];
    renderFrame(r, bootId, device, presence, out);
    CHECK_EQ(std::string(out), lf);
    rendered++;
  }
  CHECK(rendered >= 9);  // HELLO, 2 TAG, GONE, INV x2, HB x2, ERR ... from docs/protocol.md's vectors
}
