/** Realtime protocol (spec 7.7): socket.io, websocket transport only, token in the query. */
export const REALTIME_PATH = '/socket.io';
export const RealtimeEvent = {
  JoinRoom: 'joinRoom',
  SendMessageToRoom: 'sendMessageToRoom',
  Message: 'message',
} as const;
export const LOGOUT_MESSAGE = 'logout';

/** A logout room is the user's e-mail plus a device fingerprint. */
export function logoutRoomId(email: string, fingerprint: string): string {
  return `${email.toLowerCase()}:${fingerprint}`;
}

/** The e-mail part of a room id, so the server can refuse rooms of other users. */
export function roomEmail(roomId: string): string {
  const at = roomId.lastIndexOf(':');
  return (at === -1 ? roomId : roomId.slice(0, at)).toLowerCase();
}
