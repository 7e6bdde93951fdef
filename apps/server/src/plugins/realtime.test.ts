import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { LOGOUT_MESSAGE, RealtimeEvent, logoutRoomId } from '@shipdesk/contract';
import { ISSUER, backends, buildTestApp, mintToken, newTenantId, type TestContext } from '../../test/app-helper.ts';

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
