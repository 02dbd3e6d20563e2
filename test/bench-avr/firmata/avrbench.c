/*
 * avrbench: runs a real AVR firmware image (Intel hex) under simavr with UART0 on a pseudo-terminal, as the board's
 * USB serial port would be, for the dealer-panel (StandardFirmata) and bridge-link tests.
 *
 *   avrbench -m atmega2560 [-f 16000000] [-b bootloader.hex] [-R] [-x speed] [-l link] app.hex
 *
 *   -b FILE  a bootloader image: loaded at its own address, and the reset vector points there (BOOTRST fuse)
 *   -R       reset the AVR each time the pty is opened (the Arduino's DTR auto-reset)
 *   -x N     pace: N times real time (default 1; 0 runs as fast as it can)
 *   -l PATH  also make PATH a symlink to the pty
 *
 * Single-threaded: the simulation runs in slices of 1 ms of AVR time; between slices the pty and the control
 * channel (stdin) are polled and the run is paced against the wall clock.
 *
 * Control channel, one command a line on stdin:
 *   press P N / release P N   a push button between port pin PN (e.g. E 4) and ground: pressed drives the pin low;
 *                             released, the pin reads high only if the AVR's internal pull-up is on (PORT bit set
 *                             while the pin is an input) and low (floating) otherwise
 *   reset                     an external reset
 *   dump FILE                 write the whole flash to FILE (binary)
 *   mark                      print the AVR's time now (to time host-side events on the AVR's clock)
 *   quit
 * Reports on stdout, one a line (ms = AVR time since start, 3 decimals):
 *   pty PATH                  once, at start
 *   pin PN V ms               a pin's state changed: V = 0 or 1 (output), u (input, pull-up on), z (input)
 *   open ms / close ms        the pty was opened / closed by its user
 *   reset ms                  the AVR was reset (on open with -R, or on the reset command)
 *   dumped FILE               the dump is written
 *   mark ms                   the answer to mark
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <simavr/avr_ioport.h>
#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_hex.h>
#include <simavr/sim_io.h>
#include <simavr/sim_irq.h>

#define MAX_PORTS 16
#define BUF_SIZE 65536

typedef struct {
	avr_ioport_t *io;
	char name;
	uint8_t buttons;   /* pins with a push button on them */
	uint8_t pressed;   /* of those, pressed now */
	int reported;      /* last reported state of each pin: bit i of ddr, level, pull-up; -1 never */
	char last[8];
} port_t;

typedef struct {
	uint8_t data[BUF_SIZE];
	size_t head, tail; /* bytes in [tail, head) */
} fifo_t;

static avr_t *avr;
static port_t ports[MAX_PORTS];
static int nports;
static fifo_t to_avr, from_avr;
static int xon;
static avr_irq_t *uart_in;
static int master = -1;
static int opened; /* someone holds the pty open */

static size_t fifo_len(fifo_t *f) { return f->head - f->tail; }
static void fifo_put(fifo_t *f, uint8_t b) {
	if (f->tail > 0 && f->head == BUF_SIZE) {
		memmove(f->data, f->data + f->tail, f->head - f->tail);
		f->head -= f->tail;
		f->tail = 0;
	}
	if (f->head < BUF_SIZE) f->data[f->head++] = b;
}
static void fifo_clear(fifo_t *f) { f->head = f->tail = 0; }

static double avr_ms(void) { return (double)avr->cycle * 1000.0 / (double)avr->frequency; }

static port_t *port_named(char name) {
	for (int i = 0; i < nports; i++)
		if (ports[i].name == name) return &ports[i];
	return NULL;
}

/* The push buttons' effect on the PIN register, after every change of PORT, DDR or the pin itself. */
static void fix_inputs(port_t *p, uint8_t ddr) {
	avr_ioport_t *io = p->io;
	for (int b = 0; b < 8; b++) {
		uint8_t m = 1 << b;
		if (!(p->buttons & m) || (ddr & m)) continue;
		int level = (p->pressed & m) ? 0 : ((avr->data[io->r_port] & m) ? 1 : 0);
		if (level) avr->data[io->r_pin] |= m;
		else avr->data[io->r_pin] &= ~m;
	}
}

static void report(port_t *p, uint8_t ddr) {
	uint8_t port = avr->data[p->io->r_port];
	for (int b = 0; b < 8; b++) {
		uint8_t m = 1 << b;
		char s = (ddr & m) ? ((port & m) ? '1' : '0') : ((port & m) ? 'u' : 'z');
		if (p->reported && p->last[b] == s) continue;
		if (!p->reported && s == 'z') {
			p->last[b] = s;
			continue;
		}
		p->last[b] = s;
		printf("pin %c%d %c %.3f\n", p->name, b, s, avr_ms());
	}
	p->reported = 1;
}

static void on_port_write(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq;
	(void)value;
	port_t *p = param;
	uint8_t ddr = avr->data[p->io->r_ddr];
	fix_inputs(p, ddr);
	report(p, ddr);
}

static void on_ddr_write(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq;
	port_t *p = param;
	/* raised before the DDR register is written: the new value is the IRQ's */
	fix_inputs(p, (uint8_t)value);
	report(p, (uint8_t)value);
}

static void on_pin(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq;
	(void)value;
	port_t *p = param;
	fix_inputs(p, avr->data[p->io->r_ddr]);
}

static void on_uart_out(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq;
	(void)param;
	/* a USB serial chip drops what the board sends while no one has the port open */
	if (opened) fifo_put(&from_avr, (uint8_t)value);
}

static void feed_avr(void) {
	while (xon && fifo_len(&to_avr)) avr_raise_irq(uart_in, to_avr.data[to_avr.tail++]);
}

static void on_xon(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq;
	(void)value;
	(void)param;
	xon = 1;
	feed_avr();
}

static void on_xoff(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq;
	(void)value;
	(void)param;
	xon = 0;
}

static void no_sleep(avr_t *a, avr_cycle_count_t how_long) {
	(void)a;
	(void)how_long;
}

static int load_hex(const char *file, uint32_t *base) {
	ihex_chunk_p chunks = NULL;
	int n = read_ihex_chunks(file, &chunks);
	if (n <= 0) {
		fprintf(stderr, "avrbench: cannot read %s\n", file);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		if (chunks[i].baseaddr + chunks[i].size > avr->flashend + 1) {
			fprintf(stderr, "avrbench: %s does not fit the flash\n", file);
			return -1;
		}
		memcpy(avr->flash + chunks[i].baseaddr, chunks[i].data, chunks[i].size);
		if (i == 0 || chunks[i].baseaddr < *base) *base = chunks[i].baseaddr;
	}
	free_ihex_chunks(chunks);
	return 0;
}

static void do_reset(void) {
	avr_reset(avr);
	fifo_clear(&to_avr);
	xon = 0;
	for (int i = 0; i < nports; i++) {
		ports[i].reported = 0;
		fix_inputs(&ports[i], 0);
	}
	printf("reset %.3f\n", avr_ms());
}

static void command(char *line) {
	char what[16] = {0}, arg[256] = {0};
	int n = sscanf(line, "%15s %255s", what, arg);
	if (n < 1) return;
	if (!strcmp(what, "press") || !strcmp(what, "release")) {
		char name = 0;
		int bit = -1;
		if (sscanf(line, "%*s %c %d", &name, &bit) != 2 || bit < 0 || bit > 7 || !port_named(name)) {
			fprintf(stderr, "avrbench: bad pin in '%s'\n", line);
			return;
		}
		port_t *p = port_named(name);
		p->buttons |= 1 << bit;
		if (what[0] == 'p') p->pressed |= 1 << bit;
		else p->pressed &= ~(1 << bit);
		fix_inputs(p, avr->data[p->io->r_ddr]);
	} else if (!strcmp(what, "reset")) {
		do_reset();
	} else if (!strcmp(what, "dump") && n == 2) {
		FILE *f = fopen(arg, "wb");
		if (!f || fwrite(avr->flash, 1, avr->flashend + 1, f) != avr->flashend + 1) perror(arg);
		if (f) fclose(f);
		printf("dumped %s\n", arg);
	} else if (!strcmp(what, "mark")) {
		printf("mark %.3f\n", avr_ms());
	} else if (!strcmp(what, "quit")) {
		exit(0);
	} else {
		fprintf(stderr, "avrbench: unknown command '%s'\n", line);
	}
}

static double wall_ms(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
	const char *mcu = "atmega2560", *boot = NULL, *link = NULL;
	unsigned long freq = 16000000;
	int reset_on_open = 0;
	double speed = 1.0;
	int c;
	while ((c = getopt(argc, argv, "m:f:b:Rx:l:")) != -1) {
		switch (c) {
		case 'm': mcu = optarg; break;
		case 'f': freq = strtoul(optarg, NULL, 10); break;
		case 'b': boot = optarg; break;
		case 'R': reset_on_open = 1; break;
		case 'x': speed = atof(optarg); break;
		case 'l': link = optarg; break;
		default:
			fprintf(stderr, "usage: avrbench [-m mcu] [-f hz] [-b boot.hex] [-R] [-x speed] [-l link] app.hex\n");
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "avrbench: no firmware image\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	avr = avr_make_mcu_by_name(mcu);
	if (!avr) {
		fprintf(stderr, "avrbench: unknown mcu %s\n", mcu);
		return 2;
	}
	avr_init(avr);
	avr->frequency = freq;
	avr->sleep = no_sleep;
	avr->log = LOG_ERROR;
	uint32_t base = 0;
	if (load_hex(argv[optind], &base)) return 1;
	if (boot) {
		uint32_t boot_base = 0;
		if (load_hex(boot, &boot_base)) return 1;
		avr->reset_pc = boot_base;
		avr->pc = boot_base;
	}

	/* the I/O ports: every register write reported, buttons applied */
	for (avr_io_t *io = avr->io_port; io; io = io->next) {
		if (strcmp(io->kind, "port") || nports >= MAX_PORTS) continue;
		avr_ioport_t *ip = (avr_ioport_t *)io;
		port_t *p = &ports[nports++];
		p->io = ip;
		p->name = ip->name;
		avr_irq_register_notify(io->irq + IOPORT_IRQ_REG_PORT, on_port_write, p);
		avr_irq_register_notify(io->irq + IOPORT_IRQ_DIRECTION_ALL, on_ddr_write, p);
		for (int b = 0; b <= IOPORT_IRQ_PIN_ALL; b++) avr_irq_register_notify(io->irq + b, on_pin, p);
	}

	/* UART0 <-> the pty; the uart's own flow control (XON/XOFF irqs) paces what goes in */
	uint32_t flags = 0;
	avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
	flags &= ~(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_uart_out, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, NULL);

	int slave;
	char name[256];
	if (openpty(&master, &slave, name, NULL, NULL) < 0) {
		perror("openpty");
		return 1;
	}
	struct termios tio;
	tcgetattr(slave, &tio);
	cfmakeraw(&tio);
	tcsetattr(slave, TCSANOW, &tio);
	/* nobody holds the slave: the master sees POLLHUP until the service opens it */
	close(slave);
	fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
	fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
	if (link) {
		unlink(link);
		if (symlink(name, link)) perror(link);
	}
	printf("pty %s\n", name);

	char cmd[512];
	size_t cmdlen = 0;
	int stdin_open = 1;
	const avr_cycle_count_t slice = freq / 1000;
	double t0 = wall_ms();
	avr_cycle_count_t c0 = avr->cycle;
	for (;;) {
		avr_cycle_count_t stop = avr->cycle + slice;
		while (avr->cycle < stop) {
			int st = avr_run(avr);
			if (st == cpu_Done || st == cpu_Crashed) {
				fprintf(stderr, "avrbench: the AVR %s at pc 0x%x\n", st == cpu_Done ? "stopped" : "crashed",
					avr->pc);
				return 1;
			}
		}
		feed_avr();

		/* pace against the wall clock, waking up for the pty or a command */
		double ahead = 0;
		if (speed > 0) {
			double sim = (double)(avr->cycle - c0) * 1000.0 / freq / speed;
			double wall = wall_ms() - t0;
			ahead = sim - wall;
			if (ahead < -50) { /* far behind (a busy machine): forget the debt, do not run in bursts to catch up */
				t0 += -50 - ahead;
				ahead = -50;
			}
		}
		for (;;) {
			struct pollfd fds[2] = {
				{ .fd = master, .events = POLLIN | (fifo_len(&from_avr) ? POLLOUT : 0) },
				{ .fd = stdin_open ? 0 : -1, .events = POLLIN },
			};
			int wait = ahead > 1 ? (int)ahead : 0;
			if (poll(fds, 2, opened ? wait : 0) < 0 && errno != EINTR) {
				perror("poll");
				return 1;
			}
			int hup = (fds[0].revents & POLLHUP) != 0;
			if (hup && opened) {
				opened = 0;
				fifo_clear(&from_avr);
				printf("close %.3f\n", avr_ms());
			} else if (!hup && !opened) {
				opened = 1;
				printf("open %.3f\n", avr_ms());
				if (reset_on_open) do_reset();
			}
			if (opened && (fds[0].revents & POLLIN)) {
				uint8_t buf[1024];
				ssize_t r = read(master, buf, sizeof buf);
				for (ssize_t i = 0; i < r; i++) fifo_put(&to_avr, buf[i]);
				feed_avr();
			}
			if (opened && (fds[0].revents & POLLOUT) && fifo_len(&from_avr)) {
				ssize_t w = write(master, from_avr.data + from_avr.tail, fifo_len(&from_avr));
				if (w > 0) from_avr.tail += w;
				if (!fifo_len(&from_avr)) fifo_clear(&from_avr);
			}
			if (fds[1].revents & (POLLIN | POLLHUP)) {
				ssize_t r = read(0, cmd + cmdlen, sizeof cmd - 1 - cmdlen);
				if (r == 0) {
					stdin_open = 0; /* the test went away: stop */
					return 0;
				}
				if (r > 0) cmdlen += r;
				char *nl;
				while ((nl = memchr(cmd, '\n', cmdlen))) {
					*nl = 0;
					command(cmd);
					size_t used = nl + 1 - cmd;
					memmove(cmd, nl + 1, cmdlen - used);
					cmdlen -= used;
				}
				if (cmdlen == sizeof cmd - 1) cmdlen = 0;
			}
			if (!opened && ahead > 1) { /* the master polls HUP at once while closed: sleep instead */
				usleep(ahead > 20 ? 20000 : (useconds_t)(ahead * 1000));
			}
			if (speed <= 0) break;
			double sim = (double)(avr->cycle - c0) * 1000.0 / freq / speed;
			ahead = sim - (wall_ms() - t0);
			if (ahead <= 1) break;
		}
	}
}
