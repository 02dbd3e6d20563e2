// The embedded default's broker (`feltwire room --sim` without Mosquitto installed): aedes in this process, on a
// TCP port, with the same accounts and ACL rules that are written out for Mosquitto (src/room/acl.ts). A client is
// refused a subscription no rule covers, and nothing reaches it on a topic it may not read; a client connects under
// its account's name as client id or is refused (CONNACK 2, identifier rejected).
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { filterMatches, mayPublish, maySubscribe, type RoomAccounts } from './acl.js';

export interface InProcessBroker {
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function startInProcessBroker(opts: {
  accounts: RoomAccounts;
  port?: number;
  host?: string;
}): Promise<InProcessBroker> {
  const users = new WeakMap<object, string>();
  const accounts = opts.accounts;
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const a = accounts.accounts.find((x) => x.username === username);
      if (!a || password === undefined || password.toString('utf8') !== a.password) {
        const err = Object.assign(new Error('bad user name or password'), { returnCode: 4 as const });
        done(err, false);
        return;
      }
      // a client id is its account's (as Mosquitto's use_username_as_clientid makes it): no account can take over
      // another's session, nor knock the room or a table off the broker by connecting under its id
      if (client.id !== a.username) {
        const err = Object.assign(new Error(`client id '${client.id}' is not account ${a.username}'s`), {
          returnCode: 2 as const,
        });
        done(err, false);
        return;
      }
      users.set(client, a.username);
      done(null, true);
    },
    authorizePublish(client, packet, callback) {
      const user = client ? users.get(client) : undefined;
      if (client && !(user && mayPublish(accounts, user, packet.topic))) {
        callback(new Error(`${user ?? '?'} may not publish on ${packet.topic}`));
        return;
      }
      callback(null);
    },
    authorizeSubscribe(client, sub, callback) {
      const user = users.get(client);
      // a refused subscription is granted 128 (failure) in the SUBACK, as Mosquitto does for a denied one
      callback(null, user && maySubscribe(accounts, user, sub.topic) ? sub : null);
    },
    authorizeForward(client, packet) {
      const user = users.get(client);
      const account = accounts.accounts.find((a) => a.username === user);
      if (!account?.rules.some((r) => r.access === 'read' && filterMatches(r.topic, packet.topic))) return null;
      return packet;
    },
  });
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
