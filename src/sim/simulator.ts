// The simulator: a whole table in software. A dealer shuffles (the panel's button), posts the blinds, deals tagged
// cards onto the antennas, burns and deals the board, tables hands at showdown and collects; random players push
// tagged chips into their betting zones. Everything reaches the service through the real protocols: protocol v1 from
// a virtual reader bridge, Firmata from a virtual dealer panel, in-process (stream pair) or over ptys (socat).
// A dealer script: it reads the hand from its view (tableView.ts: in-process the service's own session, whose engine
// is the only engine; its own reckoning only when it plays a service it cannot read), asks it whose turn it is and
// what that seat may do, and makes the next physical move. On demand it makes the mistakes docs/rules.md names, then
// carries out the remedy the alert gives; the floor rules on the view's own alert.
// The table, the simulated hardware (binding.ts) and the physical moves are in simulatorBase.ts; the constants and
// types in simTypes.ts; the dealing order and a raise's chips in dealing.ts.
import { ALL_CARDS, formatCard, parseCard } from '../engine/cards.js';
import { nextHandConfig } from '../engine/index.js';
import type { HandSnapshot } from '../engine/types.js';
import { seatZone } from '../engine/zone.js';
import { chipsFor } from './chips.js';
import { dealOrder, raiseChips, ZONE_TAG_LIMIT } from './dealing.js';
import { SimError } from './errors.js';
import { type Decision, decide } from './players.js';
import { INJECTIONS, type InjectKind, type SimHandReport } from './simTypes.js';
import { SimulatorBase } from './simulatorBase.js';
import { cardUid, SIM_DENOMINATIONS } from './tags.js';

export { dealOrder } from './dealing.js';
export {
  EXPECTED_ALERT,
  INJECTIONS,
  type InjectKind,
  type Pace,
  type SimHandReport,
  type SimMoment,
  type SimulatorEvents,
  type SimulatorOptions,
  TABLE_PACE,
} from './simTypes.js';

export class Simulator extends SimulatorBase {
  // ---- play ----------------------------------------------------------------------------------------------------

  /** Queues a mistake or a hardware trouble for the next moment it can happen. */
  inject(kind: InjectKind): void {
    if (!INJECTIONS.includes(kind))
      throw new SimError('SIM_CONFIG', `unknown injection "${kind}" (one of ${INJECTIONS.join(', ')})`);
    this.pending.push(kind);
  }

  /** No transport at all: the simulator plays against its own reckoning only (tests of its play). */
  offline(): void {
    this.offlinePlay = true;
  }

  /** Plays hands until `hands` are done or stop() is called. */
  async run(hands = Number.POSITIVE_INFINITY): Promise<SimHandReport[]> {
    if (this.binding.mode === 'none' && !this.offlinePlay)
      throw new SimError('SIM_STATE', 'connect the simulator first (openBridgeStream or connectPty)');
    this.stopped = false;
    const reports: SimHandReport[] = [];
    // nobody reads the table yet: the dealer waits for the service (its SYNC, its panel) before shuffling
    await this.binding.awaitService(
      () => this.stopped,
      (line) => this.emit('log', line),
    );
    await this.pause(this.pace.handGapMs); // the dealer sits down: the service's links settle first
    for (let i = 0; i < hands && !this.stopped && !this.closed; i++) {
      if (this.tableFinished()) break;
      const report = await this.playHand();
      reports.push(report);
      this.emit('hand', report);
      await this.pause(this.pace.handGapMs);
    }
    return reports;
  }

  stop(): void {
    this.stopped = true;
  }

  /** A finished table given players again (a tournament's room seats players at it): the dealer deals on, the
   * service's table (handConfig) taking over at the next shuffle. */
  resume(seats: Record<number, number>): Promise<SimHandReport[]> {
    this.config = { ...this.config, seats: { ...seats } };
    this.finishedSaid = false;
    return this.run();
  }

  /** Busted seats taken by new players (cash) or not (a tournament: a busted player does not come back). */
  setRebuy(rebuy: boolean): void {
    this.opts.rebuy = rebuy;
  }

  /** True once fewer than two seats have chips for the next hand: the dealer stops dealing, and says so once. */
  private tableFinished(): boolean {
    const seats = Object.fromEntries(Object.entries(this.config.seats).filter(([, stack]) => stack > 0));
    if (Object.keys(seats).length >= 2) return false;
    if (!this.finishedSaid) {
      this.finishedSaid = true;
      const last = Object.entries(seats)[0];
      this.emit(
        'log',
        `table finished after hand ${this.handNo}: ${last ? `only seat ${last[0]} has chips (${last[1]})` : 'no seat has chips'}; no more hands`,
      );
      this.emit('finished', {
        hand: this.handNo,
        seats: Object.fromEntries(Object.entries(seats).map(([k, v]) => [Number(k), v])),
      });
    }
    return true;
  }

  private async playHand(): Promise<SimHandReport> {
    this.handNo++;
    this.injectedThisHand = [];
    this.skipBurn = false;
    this.deck = this.rng.shuffle([...ALL_CARDS]);
    let actions = 0;
    let abandoned = false;

    await this.press('shuffle');
    await this.settle();
    // the view's table is the truth (the service's seats, button, blinds and ante when it reads the session)
    const config = structuredClone(await this.view.newHand(structuredClone(this.config)));
    this.config = config;
    // blinds and ante
    const s0 = await this.read();
    const stackOf = (seat: number) => config.seats[seat] ?? 0;
    if (s0.sb !== null) await this.push(s0.sb, chipsFor(Math.min(config.blinds[0], stackOf(s0.sb)), SIM_DENOMINATIONS));
    await this.push(s0.bb, chipsFor(Math.min(config.blinds[1] + config.bbAnte, stackOf(s0.bb)), SIM_DENOMINATIONS));
    // the deal: one card at a time, clockwise from the first seat left of the button, two rounds
    const order = dealOrder(config);
    for (let round = 0; round < 2; round++) {
      for (const seat of order) {
        this.place(this.draw(), seatZone(seat), 'down');
        await this.pause(this.pace.cardMs);
      }
    }
    for (let step = 0; step < 400; step++) {
      if (this.closed) break;
      const snap = await this.read();
      if (snap.phase === 'complete') break;
      if (snap.phase === 'stopped') {
        if (!(await this.floor(snap))) {
          abandoned = true;
          break;
        }
        continue;
      }
      if (snap.phase === 'misdeal' || snap.phase === 'waiting' || snap.phase === 'dealing') {
        abandoned = true;
        break;
      }
      const kind = snap.next ? 'turn' : snap.phase === 'showdown' ? 'showdown' : 'street';
      if (
        this.opts.gate &&
        (snap.next || snap.phase === 'showdown' || snap.phase === 'board' || snap.phase === 'betting')
      )
        await this.opts.gate({ hand: this.handNo, kind, snap });
      if (this.closed) break;
      if (snap.next) {
        await this.turn(snap);
        actions++;
      } else if (snap.phase === 'showdown') await this.showdown(snap);
      else if (snap.phase === 'board' || snap.phase === 'betting') await this.street(snap);
    }
    const final = this.closed ? this.view.hand() : await this.read();
    if (final.phase !== 'complete') abandoned = true;
    await this.gather();
    const report: SimHandReport = {
      hand: this.handNo,
      config,
      phase: final.phase,
      complete: !abandoned,
      stacks: final.stacks,
      alerts: final.alerts.map((a) => a.code),
      injected: this.injectedThisHand,
      actions,
    };
    if (abandoned) this.emit('log', `hand ${this.handNo}: abandoned in phase ${final.phase}`);
    if (abandoned) this.config = config;
    else {
      // a busted player's seat is taken by a new player with the starting stack, from the next hand on
      const joining: Record<number, number> = {};
      if (this.opts.rebuy !== false)
        for (const [seat, start] of Object.entries(this.initialSeats))
          if ((final.stacks[seat] ?? 0) === 0 && config.seats[Number(seat)] !== undefined)
            joining[Number(seat)] = start;
      if (Object.keys(joining).length) {
        await this.settle();
        await this.opts.reseat?.(joining);
      }
      // H7: a level the room called takes effect from the next hand, as the session applies it at the next shuffle
      const level = this.nextLevel;
      this.nextLevel = null;
      this.config = nextHandConfig(config, final, {
        ...(Object.keys(joining).length ? { seats: joining } : {}),
        ...(level ? { blinds: level.blinds, bbAnte: level.bbAnte } : {}),
      });
      level?.applied();
    }
    return report;
  }

  /** H7: a new blind level from the next hand on; `applied` runs when it is taken (before that hand's shuffle). */
  setLevel(level: { blinds: [number, number]; bbAnte: number }, applied: () => void = () => {}): void {
    this.nextLevel = { blinds: [level.blinds[0], level.blinds[1]], bbAnte: level.bbAnte, applied };
  }

  /** A stop alert holds the hand after its remedy: the floor decides (in-process) or the hand is abandoned. */
  private async floor(snap: HandSnapshot): Promise<boolean> {
    const alert = snap.alerts.find((a) => a.severity === 'stop' && !a.resolved && a.code !== 'MISDEAL');
    if (!alert) return false;
    await this.press('floor');
    await this.settle();
    return this.view.ruling(alert);
  }

  private liveSeats(snap: HandSnapshot): number[] {
    return snap.seats.filter((s) => !s.folded && !s.dead && s.cards.length > 0).map((s) => s.seat);
  }

  private async turn(snap: HandSnapshot): Promise<void> {
    const next = snap.next;
    if (!next) return;
    const seat = snap.seats.find((s) => s.seat === next.toAct);
    if (!seat) throw new SimError('SIM_STATE', `seat ${next.toAct} is to act but not seated`);
    const live = this.liveSeats(snap);
    // hardware troubles and mistakes that can happen at any turn
    if (this.take('readerFault')) this.wire.fault(this.rng.pick(this.antennas.antennas), 'ANT_TIMEOUT');
    if (this.take('unplug')) await this.unplug();
    if (this.take('foreignCard')) {
      const uid = cardUid(1, this.rng.int(0, 51));
      this.table.wire.arrive(this.antennas.antennaOf('board'), uid, 'U');
      await this.pause(this.pace.lingerMs);
      this.table.wire.leave(this.antennas.antennaOf('board'), uid);
      await this.pause(this.pace.cardMs);
    }
    if (this.take('crosstalk')) {
      const card = seat.cards[0];
      const other = seatZone((seat.seat % this.opts.hardware.seats) + 1);
      if (card) {
        const uid = this.cardUid(parseCard(card));
        this.table.alsoRead(uid, other);
        await this.pause(this.pace.lingerMs);
        this.table.clearCrosstalk(uid, other);
        await this.pause(this.pace.cardMs);
      }
    }
    if (this.take('exposedCard', seat.cards.length === 2 && seat.shown.length === 0)) {
      this.turnUp(seat.seat, seat.cards[1]);
      await this.pause(this.pace.cardMs);
      return;
    }
    const others = live.filter((s) => s !== seat.seat && !snap.seats.find((x) => x.seat === s)?.allIn);
    if (this.take('outOfTurn', others.length >= 2)) {
      // a player further round the table folds before his turn: the fold binds (tda 53)
      const culprit = others[others.length - 1];
      await this.fold(snap, culprit);
      return;
    }
    const pot = snap.pots.reduce((a, p) => a + p.amount, 0) + snap.seats.reduce((a, s) => a + s.committed, 0);
    const unit = this.config.chips[0];
    const d: Decision = decide(next, seat, pot, this.rng, unit);
    if ((d.kind === 'call' || d.kind === 'raise') && next.toCall > 0 && next.toCall < seat.stack) {
      const extra = (next.minRaiseTo ?? 0) - seat.committed - next.toCall;
      if (extra > 0 && next.toCall + extra < seat.stack && this.take('stringBet')) {
        await this.stringBet(seat.seat, next.toCall, extra);
        return;
      }
    }
    let act: Decision = d;
    if (d.kind === 'call' || d.kind === 'raise') {
      // an antenna reports at most what one INV frame lists (15 of our tags): a push that would not fit is not made
      // (the player folds, or checks when free to)
      const adding = (d.kind === 'raise' ? raiseChips(d.add, next.toCall) : chipsFor(d.add, SIM_DENOMINATIONS)).length;
      if (this.table.zoneValues(seat.seat).length + adding > ZONE_TAG_LIMIT)
        act = next.toCall > 0 ? { kind: 'fold' } : { kind: 'check' };
    }
    switch (act.kind) {
      case 'fold':
        await this.fold(snap, seat.seat);
        break;
      case 'check':
        // no chips move: the dealer taps the check on the tablet
        await this.pause(this.pace.tapMs);
        this.emit('tablet', { kind: 'say', seat: seat.seat, say: 'check', at: Date.now(), afterSeq: this.lastSentSeq });
        this.saw({ kind: 'say', seat: seat.seat, say: 'check' });
        await this.pause(this.pace.actionMs);
        break;
      case 'call':
        if (act.add > 0) await this.push(seat.seat, chipsFor(act.add, SIM_DENOMINATIONS));
        break;
      case 'raise':
        await this.push(seat.seat, raiseChips(act.add, next.toCall));
        break;
    }
  }

  /** tda 56: the call goes in, then more chips in a second motion before the next seat acts; the extra goes back. */
  private async stringBet(seat: number, call: number, extra: number): Promise<void> {
    this.table.addChips(seat, chipsFor(call, SIM_DENOMINATIONS));
    this.saw({ kind: 'chips', seat, chips: this.table.zoneValues(seat) });
    await this.pause(this.pace.motionGapMs);
    const more = chipsFor(extra, SIM_DENOMINATIONS);
    this.table.addChips(seat, more);
    this.saw({ kind: 'chips', seat, chips: this.table.zoneValues(seat) }, this.config.motionMs + 10);
    this.saw({ kind: 'tick' }, this.config.motionMs + 10);
    await this.pause(this.pace.motionGapMs);
    // the remedy: only the first motion counts; the dealer hands the extra back
    this.table.removeChips(seat, more);
    this.saw({ kind: 'chips', seat, chips: this.table.zoneValues(seat) });
    this.saw({ kind: 'tick' }, this.config.motionMs + 10);
    await this.pause(this.pace.actionMs);
  }

  private async fold(snap: HandSnapshot, seat: number): Promise<void> {
    const s = snap.seats.find((x) => x.seat === seat);
    for (const card of s?.cards ?? []) this.move(card, seatZone(seat), 'muck', 'down');
    await this.pause(this.pace.actionMs);
  }

  /** The round is over: collect, then burn and deal the next street (tabling all hands first after an all-in). */
  private async street(snap: HandSnapshot): Promise<void> {
    await this.collect();
    if (snap.alerts.some((a) => a.code === 'TABLE_ALL_HANDS')) await this.tableAll(snap);
    const n = snap.board.length;
    if (n >= 5) return;
    const street = n === 0 ? 'flop' : n === 3 ? 'turn' : 'river';
    // board mistakes only where the engine can tell streets apart: with betting still to come
    const betting = snap.seats.filter((s) => !s.folded && !s.dead && !s.allIn && s.cards.length > 0).length >= 2;
    if (street === 'flop' && this.take('missedBurn', betting)) {
      const flop = [this.draw(), this.draw(), this.draw()];
      for (const c of flop) {
        this.place(c, 'board', 'up');
        await this.pause(this.pace.cardMs);
      }
      // club 2-5: the first flop card becomes the burn and the next card completes the flop
      this.move(formatCard(flop[0]), 'board', 'burn', 'down');
      await this.pause(this.pace.cardMs);
      this.place(this.draw(), 'board', 'up');
      await this.pause(this.pace.actionMs);
      return;
    }
    if (street === 'flop' && this.take('fourCardFlop', betting)) {
      this.place(this.draw(), 'burn', 'down');
      const four = [this.draw(), this.draw(), this.draw(), this.draw()];
      for (const c of four) {
        this.place(c, 'board', 'up');
        await this.pause(this.pace.cardMs);
      }
      // tda 39: the four scrambled, one picked at random as the next burn; club 2-7: the fourth is burned.
      // Either way the turn then comes without a further burn.
      const out = this.config.ruleset === 'tda' ? this.rng.pick(four) : four[3];
      this.move(formatCard(out), 'board', 'burn', 'down');
      this.skipBurn = true;
      await this.pause(this.pace.actionMs);
      return;
    }
    if (!this.skipBurn) {
      this.place(this.draw(), 'burn', 'down');
      await this.pause(this.pace.cardMs);
    }
    this.skipBurn = false;
    for (let i = 0; i < (street === 'flop' ? 3 : 1); i++) {
      this.place(this.draw(), 'board', 'up');
      await this.pause(this.pace.cardMs);
    }
    await this.pause(this.pace.actionMs);
  }
}
