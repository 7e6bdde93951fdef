import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { LOGOUT_MESSAGE, RealtimeEvent, logoutRoomId } from '@shipdesk/contract';
import {
  ISSUER,
  backends,
  buildTestApp,
  mintToken,
  newTenantId,
  testIdp,
  type TestContext,
} from '../../test/app-helper.ts';
import { buildApp } from '../app.ts';
import { ATTACHMENTS_TABLE } from './realtime-adapter.ts';

type Ack = { ok: boolean; error?: string };

describe.each(backends)('realtime ($name)', (backend) => {
  let t: TestContext;
  let url: string;
  const sockets: Socket[] = [];
  const tenantId = newTenantId();
  const ann = 'ann@example.com';

  beforeAll(async () => {
    t = await buildTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  async function open(token: string | undefined): Promise<Socket> {
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      query: token === undefined ? {} : { token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    return socket;
  }
  const tokenFor = (email: string) => mintToken({ tenantId, email });
  const join = (socket: Socket, roomId: string) =>
    socket.timeout(5000).emitWithAck(RealtimeEvent.JoinRoom, roomId) as Promise<Ack>;
  const send = (socket: Socket, roomId: string, message: string) =>
    socket.timeout(5000).emitWithAck(RealtimeEvent.SendMessageToRoom, { roomId, message }) as Promise<Ack>;

  it('refuses a connection without a token or with a bad one', async () => {
    await expect(open(undefined)).rejects.toThrow(/unauthorized/);
    await expect(open('not-a-token')).rejects.toThrow(/unauthorized/);
    await expect(open(await mintToken({ tenantId, expiresIn: -600 }))).rejects.toThrow(/expired/);
  });

  it('lets a user join their own rooms only', async () => {
    const socket = await open(await tokenFor(ann));
    expect(await join(socket, logoutRoomId(ann, 'device-1'))).toEqual({ ok: true });
    expect(await join(socket, logoutRoomId('Ann@Example.com', 'device-2'))).toEqual({ ok: true });
    const refused = await join(socket, logoutRoomId('bob@example.com', 'device-1'));
    expect(refused.ok).toBe(false);
    expect(refused.error).toBeTruthy();
    expect((await join(socket, `tenant:${tenantId}`)).ok).toBe(false);
  });

  it('delivers a message to the other sockets of the room only', async () => {
    const room = logoutRoomId(ann, 'fp-a');
    const otherRoom = logoutRoomId(ann, 'fp-b');
    const sender = await open(await tokenFor(ann));
    const sameRoom = await open(await tokenFor(ann));
    const elsewhere = await open(await tokenFor(ann));
    expect(await join(sender, room)).toEqual({ ok: true });
    expect(await join(sender, otherRoom)).toEqual({ ok: true });
    expect(await join(sameRoom, room)).toEqual({ ok: true });
    expect(await join(elsewhere, otherRoom)).toEqual({ ok: true });

    const received: string[] = [];
    const strayed: string[] = [];
    sender.on(RealtimeEvent.Message, (m: string) => strayed.push(`sender:${m}`));
    elsewhere.on(RealtimeEvent.Message, (m: string) => strayed.push(`elsewhere:${m}`));
    const arrived = new Promise<void>((resolve) =>
      sameRoom.on(RealtimeEvent.Message, (m: string) => {
        received.push(m);
        resolve();
      }),
    );

    expect(await send(sender, room, LOGOUT_MESSAGE)).toEqual({ ok: true });
    await arrived;
    // A round trip on the other sockets proves nothing else was on its way to them.
    await join(elsewhere, otherRoom);
    await join(sender, room);
    expect(received).toEqual([LOGOUT_MESSAGE]);
    expect(strayed).toEqual([]);
  });

  it('refuses sending to a room the socket did not join', async () => {
    const bob = await open(await tokenFor('bob@example.com'));
    const ack = await send(bob, logoutRoomId(ann, 'fp-a'), LOGOUT_MESSAGE);
    expect(ack.ok).toBe(false);
  });

  it('broadcasts to every socket of a tenant', async () => {
    const socket = await open(await tokenFor('carol@example.com'));
    const outsider = await open(await mintToken({ tenantId: newTenantId(), email: 'dan@example.com' }));
    const leaks: unknown[] = [];
    outsider.on('configs:changed', (p: unknown) => leaks.push(p));
    const got = new Promise<unknown>((resolve) => socket.once('configs:changed', resolve));
    t.app.realtime.toTenant(tenantId, 'configs:changed', { key: 'cq_url' });
    expect(await got).toEqual({ key: 'cq_url' });
    expect(leaks).toEqual([]);
  });

  it("closes the sockets of a user whose access ends, and refuses that user's token from then on", async () => {
    const erin = { tenantId, email: 'erin@example.com', sub: 'erin-subject' };
    const token = await mintToken(erin);
    // A request records the tenant (the revocation belongs to it).
    const res = await t.app.inject({ url: '/api/v1/orders', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const socket = await open(token);
    const colleague = await open(await tokenFor('frank@example.com'));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.app.revocations.revoke({ issuer: ISSUER, subject: erin.sub, tenantId });
    expect(await closed).toBe('io server disconnect');
    expect(colleague.connected).toBe(true);
    await expect(open(token)).rejects.toThrow(/access has ended/);
  });
});

/**
 * Several instances on one database: rooms span them through PostgreSQL (LISTEN/NOTIFY), or Redis when TEST_REDIS_URL
 * names one (`.ci/run` sets it when the machine's Redis answers). Two apps in this process stand for two servers; each has its own adapter and connections.
 */
const clusters = [
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', redisUrl: undefined }] : []),
  ...(process.env.DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ name: 'redis', redisUrl: process.env.TEST_REDIS_URL }]
    : []),
];

describe.each(clusters)('realtime across instances ($name)', ({ name, redisUrl }) => {
  let first: TestContext;
  let second: FastifyInstance;
  let admin: pg.Client;
  const urls: string[] = [];
  const sockets: Socket[] = [];
  const tenantId = newTenantId();

  beforeAll(async () => {
    const postgres = backends.find((b) => b.name === 'postgres')!;
    first = await buildTestApp(postgres, { redisUrl });
    const idp = await testIdp();
    second = await buildApp({ config: first.config, jwks: idp.jwks });
    for (const app of [first.app, second]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    admin = new pg.Client({ connectionString: first.config.databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await admin?.end();
    await second?.close();
    await first?.close();
  });

  async function open(instance: number, email: string): Promise<Socket> {
    const socket = connect(urls[instance]!, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { token: await mintToken({ tenantId, email }) },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    return socket;
  }

  it('uses the shared adapter', () => {
    expect(first.app.realtime.adapter).toBe(name);
    expect(second.realtime.adapter).toBe(name);
  });

  it("delivers a logout sent on one instance to the user's tab on the other", async () => {
    const room = logoutRoomId('ann@example.com', 'laptop');
    const onA = await open(0, 'ann@example.com');
    const onB = await open(1, 'ann@example.com');
    expect(await onA.timeout(5000).emitWithAck(RealtimeEvent.JoinRoom, room)).toEqual({ ok: true });
    expect(await onB.timeout(5000).emitWithAck(RealtimeEvent.JoinRoom, room)).toEqual({ ok: true });
    const arrived = new Promise<unknown>((resolve) => onB.once(RealtimeEvent.Message, resolve));
    const ack = await onA
      .timeout(5000)
      .emitWithAck(RealtimeEvent.SendMessageToRoom, { roomId: room, message: LOGOUT_MESSAGE });
    expect(ack).toEqual({ ok: true });
    expect(await arrived).toBe(LOGOUT_MESSAGE);
  });

  it("broadcasts a tenant's event from either instance to sockets on both, large payloads included", async () => {
    const onA = await open(0, 'bob@example.com');
    const onB = await open(1, 'carol@example.com');
    const big = { orderIds: Array.from({ length: 3_000 }, (_, i) => String(100_000 + i)) };
    expect(JSON.stringify(big).length).toBeGreaterThan(8_000);
    const gotA = new Promise<unknown>((resolve) => onA.once('orders:changed', resolve));
    const gotB = new Promise<unknown>((resolve) => onB.once('orders:changed', resolve));
    second.realtime.toTenant(tenantId, 'orders:changed', big);
    expect(await gotA).toEqual(big);
    expect(await gotB).toEqual(big);
  });

  // Redis keeps no table; the PostgreSQL adapter's is made on start and its connections end with the app.
  if (name !== 'postgres') return;
  it('creates its attachments table and lets its connections go on close', async () => {
    const table = await admin.query(`SELECT to_regclass('${ATTACHMENTS_TABLE}') AS t`);
    expect(table.rows[0].t).toBe(ATTACHMENTS_TABLE);
    const connections = async (applicationName: string) =>
      Number(
        (
          await admin.query(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
            [applicationName],
          )
        ).rows[0].n,
      );
    expect(await connections('shipdesk-realtime')).toBeGreaterThanOrEqual(2);
    const staying = await open(0, 'dan@example.com');
    // The other instances' publishing connections come and go with their heartbeats: the extra instance's own
    // connections carry a name of their own (a connection string's parameters win over the pools' names).
    const named = new URL(first.config.databaseUrl!);
    named.searchParams.set('application_name', 'shipdesk-extra-instance');
    const extra = await buildApp({
      config: { ...first.config, databaseUrl: named.toString() },
      jwks: (await testIdp()).jwks,
    });
    await extra.ready();
    expect(await connections('shipdesk-extra-instance')).toBeGreaterThanOrEqual(1);
    await extra.close();
    // An instance shutting down closes its own sockets, not the other instances'.
    const stillHears = new Promise<unknown>((resolve) => staying.once('configs:changed', resolve));
    first.app.realtime.toTenant(tenantId, 'configs:changed', { key: 'after-close' });
    expect(await stillHears).toEqual({ key: 'after-close' });
    expect(staying.connected).toBe(true);
    for (let i = 0; i < 50 && (await connections('shipdesk-extra-instance')) > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await connections('shipdesk-extra-instance')).toBe(0);
  });

  it('hears the others again after the database ended its LISTEN connections, and still closes', async () => {
    const extra = await buildApp({ config: first.config, jwks: (await testIdp()).jwks });
    await extra.ready();
    const onA = await open(0, 'eve@example.com');
    const ended = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'shipdesk-realtime' AND query LIKE 'LISTEN %'`,
    );
    expect(ended.rowCount).toBeGreaterThanOrEqual(3);
    const heard: unknown[] = [];
    onA.on('configs:changed', (payload: unknown) => heard.push(payload));
    // The adapter listens again within a few seconds; until then a broadcast may be missed.
    for (let i = 0; i < 100 && heard.length === 0; i++) {
      second.realtime.toTenant(tenantId, 'configs:changed', { attempt: i });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(heard.length).toBeGreaterThan(0);
    // The dead connection went back to the pool: closing does not wait for it.
    const closing = Date.now();
    await extra.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
  });
});
