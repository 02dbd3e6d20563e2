// What a part of the room that lives beside the archive (a tournament: roomTournament.ts) gets from the room service
// and gives it: the room's MQTT client to publish on, its settings, and the hands it stored; its own topics, messages
// and HTTP routes (declared on the room's app, behind the room token like the others).
import type { FastifyInstance } from 'fastify';
import type { HandMessage, RoomBreak, RoomClock, SettingsMessage } from './protocol.js';

export interface RoomContext {
  /** publishes on the room's connection (QoS 1) */
  publish(topic: string, payload: string, retain: boolean): Promise<void>;
  connected(): boolean;
  settings(): SettingsMessage | null;
  setSettings(
    level: { blinds: [number, number]; bbAnte: number },
    breaks?: RoomBreak[],
    clock?: RoomClock,
  ): Promise<SettingsMessage>;
  say(line: string): void;
}

export interface RoomAttachment {
  /** topic filters the room subscribes to for it */
  topics: string[];
  /** a message on one of them */
  onMessage(topic: string, payload: Buffer): void;
  /** a finished hand, right after the archive stored it (each once, in each table's order) */
  onHandStored(msg: HandMessage): void;
  /**
   * At the room's start, before any new hand is stored: the tables whose hands it must have heard of. The room gives
   * it every such hand again through `onHandStored`, in the order stored (a room that died between storing a hand
   * and telling it would lose that hand otherwise); it must take each hand once. Which hands: those stored after
   * `after` (each table's archive sequence, table_seq, as `mark` was given it); before any mark (a new tournament,
   * or a journal of an earlier version), those received since `sinceWall`, and then the room gives `mark` each
   * table's last sequence. Sequences, not the wall clock: a clock set back would hide hands from a wall window.
   */
  reconcile?(): {
    tableIds: string[];
    sinceWall: number;
    after: Record<string, number> | null;
    mark(after: Record<string, number>): void;
  };
  /** the room's connection is (back) up */
  onConnect(): void;
  /** its routes, on the room's app before it listens; `staff` is the room token's route config */
  routes(app: FastifyInstance, staff: { roles: readonly ['room'] }): void;
  close(): Promise<void>;
}
