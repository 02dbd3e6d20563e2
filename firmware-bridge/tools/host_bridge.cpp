// The bridge firmware's logic (src/) running on the host, on a real serial device (a pty): the other end of the
// service's BridgeLink in test/bridge/firmware.pty.test.ts. The table is driven by lines on stdin:
//   add <antenna> <UID>   del <antenna> <UID>   face <antenna> <U|D|->   fault <antenna> <ok|timeout|short>   quit
// usage: host_bridge <device path> <boot id hex>. The device is reopened when it goes away (USB replug).
#include <errno.h>
#include <fcntl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include "bridge.h"

class PtyHal : public fw::Hal {
 public:
  explicit PtyHal(const char* path) : path_(path) {}
  std::map<int, std::set<std::string>> table;
  std::map<int, fw::ReadStatus> broken;
  std::map<int, uint8_t> faces;

  uint32_t millis() override {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<uint32_t>(t.tv_sec * 1000 + t.tv_nsec / 1000000);
  }
  int serialRead() override {
    if (!ensureOpen()) return -1;
    unsigned char c;
    const ssize_t n = read(fd_, &c, 1);
    if (n == 1) return c;
    if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) drop();
    return -1;
  }
  void serialWrite(const char* data, uint8_t len) override {
    if (!ensureOpen()) return;  // cable out: the frame stays in the ring
    for (uint8_t done = 0; done < len;) {
      const ssize_t n = write(fd_, data + done, len - done);
      if (n > 0) done = static_cast<uint8_t>(done + n);
      else if (errno != EAGAIN) return drop();
    }
  }
  fw::ReadStatus readTags(uint8_t a, fw::TagSink& sink) override {
    selected_ = a;
    usleep(1000);  // an antenna read takes time on the real board too
    const auto b = broken.find(selected_);
    if (b != broken.end() && b->second != fw::ReadStatus::Ok) return b->second;
    for (const auto& uid : table[selected_]) {
      uint8_t u[8];
      const uint8_t len = static_cast<uint8_t>(uid.size() / 2);
      for (uint8_t i = 0; i < len; i++) u[i] = static_cast<uint8_t>(std::stoul(uid.substr(2 * i, 2), nullptr, 16));
      if (!sink.tag(u, len)) return fw::ReadStatus::Overrun;
    }
    return fw::ReadStatus::Ok;
  }
  uint8_t face(uint8_t antenna) override {
    const auto f = faces.find(antenna);
    return f == faces.end() ? '-' : f->second;
  }

 private:
  bool ensureOpen() {
    if (fd_ >= 0) return true;
    const uint32_t now = millis();
    if (now - lastTry_ < 100) return false;
    lastTry_ = now;
    fd_ = open(path_, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd_ < 0) return false;
    termios tio;
    if (tcgetattr(fd_, &tio) == 0) {
      cfmakeraw(&tio);
      tcsetattr(fd_, TCSANOW, &tio);
    }
    return true;
  }
  void drop() {
    close(fd_);
    fd_ = -1;
  }
  const char* path_;
  int fd_ = -1;
  uint32_t lastTry_ = 0;
  uint8_t selected_ = 0;
};

static void command(PtyHal& hal, const std::string& line, bool& quit) {
  std::istringstream in(line);
  std::string verb, arg;
  int antenna = -1;
  in >> verb >> antenna >> arg;
  if (verb == "quit") quit = true;
  else if (verb == "add") hal.table[antenna].insert(arg);
  else if (verb == "del") hal.table[antenna].erase(arg);
  else if (verb == "face") hal.faces[antenna] = static_cast<uint8_t>(arg.empty() ? '-' : arg[0]);
  else if (verb == "fault")
    hal.broken[antenna] = arg == "timeout" ? fw::ReadStatus::Timeout : arg == "short" ? fw::ReadStatus::Short : fw::ReadStatus::Ok;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: host_bridge <device> <boot id hex>\n");
    return 2;
  }
  PtyHal hal(argv[1]);
  fw::Bridge bridge(hal, static_cast<uint16_t>(std::strtoul(argv[2], nullptr, 16)), "BR-HOST");
  fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
  bridge.begin();
  std::string pending;
  bool quit = false;
  while (!quit) {
    char buf[256];
    const ssize_t n = read(0, buf, sizeof buf);
    if (n == 0) break;  // stdin closed: the test is over
    for (ssize_t i = 0; i < n; i++) {
      if (buf[i] != '\n') {
        pending += buf[i];
        continue;
      }
      command(hal, pending, quit);
      pending.clear();
    }
    bridge.poll();
  }
  return 0;
}
