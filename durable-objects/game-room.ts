import { Server, type Connection } from "partyserver";

/**
 * One TableSync room per game session id. The full protocol (seats, chat,
 * dice, turns, signalling) lands with the TableSync issue.
 */
export class GameRoom extends Server<Env> {
  static options = { hibernate: true };

  onMessage(connection: Connection, _message: string | ArrayBuffer | ArrayBufferView): void {
    connection.send(JSON.stringify({ type: "error", message: "Rooms are not open yet" }));
  }
}
