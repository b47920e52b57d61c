import { applyCommanderDamage, applyCounter, applyDesignation, isDesignation, lethalBy } from "../../workers/contract/room/commander";
import { rollDie } from "../../workers/contract/room/dice";
import type { GameActionFrame } from "../../workers/contract/room/protocol";
import type { StoredMember } from "./room-sqlite";
import { applyLifeChange } from "../rules/life";
import { mayPassTurn } from "../rules/presence";
import { nextTurn } from "../rules/turns";
import { postMessage } from "./chat";
import { seatsNow, type RoomContext } from "./context";
import { fail, type RoomConnection } from "./sockets";
import { commanderDamageLine, counterLine, designationLine, diceLine, lifeLine } from "./table-talk";
import { settleStanding } from "./out-of-game";
import { moveTurn } from "./turns";

/**
 * A seated player's game action: dice, life, Commander damage, counters and
 * designations, passing the turn. The room is the authority: it rolls, keeps
 * the totals, tells everyone and logs a line in the chat.
 */
export async function gameAction(
  ctx: RoomContext,
  connection: RoomConnection,
  member: StoredMember,
  frame: GameActionFrame,
): Promise<void> {
  const { roomState, sockets } = ctx;
  if (member.role !== "player") return fail(connection, "forbidden", "Spectators cannot take game actions");
  const meta = roomState.meta();
  if (!meta) return fail(connection, "not_found", "Room not found");
  switch (frame.action) {
    case "dice_roll": {
      const value = rollDie(frame.data.sides);
      roomState.logDice(member.userId, frame.data.sides, value, Date.now());
      sockets.broadcast({ type: "game_action", action: "dice_roll", player: member.userId, result: { sides: frame.data.sides, value } });
      postMessage(ctx, member, diceLine(member.firstName, frame.data.sides, value), "game_action");
      return;
    }
    case "life_change": {
      const life = roomState.setLife(member, applyLifeChange(member.life, frame.data.delta));
      sockets.broadcast({
        type: "game_action",
        action: "life_change",
        player: member.userId,
        result: { playerId: member.userId, life, delta: frame.data.delta },
      });
      postMessage(ctx, member, lifeLine(member.firstName, frame.data.delta, life), "game_action");
      return settleStanding(ctx, member);
    }
    case "commander_damage": {
      const { from, delta } = frame.data;
      const source = roomState.member(from);
      if (!source || source.role !== "player" || from === member.userId) {
        return fail(connection, "unknown_player", "Commander damage comes from another seated player's commander");
      }
      const hit = applyCommanderDamage(member.tools, from, delta);
      roomState.setTools(member, hit.tools);
      const life = roomState.setLife(roomState.member(member.userId)!, applyLifeChange(member.life, hit.lifeDelta));
      sockets.broadcast({
        type: "game_action",
        action: "commander_damage",
        player: member.userId,
        result: { playerId: member.userId, from, total: hit.total, delta, life },
      });
      const lethal = lethalBy(hit.tools).commanderFrom.includes(from);
      postMessage(ctx, member, commanderDamageLine(member.firstName, delta, source.firstName, hit.total, lethal, life), "game_action");
      return settleStanding(ctx, member);
    }
    case "counter": {
      const { name, delta } = frame.data;
      let value: number;
      let line: string;
      let designations = roomState.designations();
      if (isDesignation(name)) {
        const had = designations[name];
        designations = applyDesignation(designations, name, member.userId, delta);
        if (designations[name] === had) return;
        roomState.saveMeta({ ...meta, ...designations });
        value = designations[name] === member.userId ? 1 : 0;
        line = designationLine(member.firstName, name, value === 1);
      } else {
        const counted = applyCounter(member.tools, name, delta);
        roomState.setTools(member, counted.tools);
        value = counted.value;
        line = counterLine(member.firstName, name, delta, value, lethalBy(counted.tools).poison && name === "poison");
      }
      sockets.broadcast({
        type: "game_action",
        action: "counter",
        player: member.userId,
        result: { playerId: member.userId, name, value, delta, ...designations },
      });
      postMessage(ctx, member, line, "game_action");
      return settleStanding(ctx, member);
    }
    case "pass_turn": {
      if (meta.status !== "active") return fail(connection, "not_started", "The game has not started yet");
      if (!mayPassTurn(member.userId, meta.currentTurn, meta.hostId, seatsNow(ctx))) {
        return fail(connection, "forbidden", "Only the current player or the host can pass the turn");
      }
      const seats = roomState
        .members()
        .flatMap((m) => (m.role === "player" && m.seat !== null ? [{ userId: m.userId, seat: m.seat, out: m.out }] : []));
      await moveTurn(ctx, meta, nextTurn(seats, meta.currentTurn), member.userId);
      return;
    }
    default: {
      const unreachable: never = frame;
      return unreachable;
    }
  }
}
