/**
 * WebRTC mesh for one room. Players publish camera + mic to every other
 * player (sendrecv) and to spectators with a video place (sendonly);
 * spectators only answer (recvonly). Tracks are swapped with replaceTrack,
 * so enabling the camera or sharing the screen never renegotiates.
 *
 * Who offers: the members already in the room offer to a newly joined one,
 * 1 s after it joined (spec 001 §4), so two sides never offer at once.
 */
import type { ClientFrame } from "../../../workers/contract/room/protocol";

export type Signal = Extract<ClientFrame, { type: "webrtc_offer" | "webrtc_answer" | "webrtc_ice_candidate" }>;

type Peer = {
  pc: RTCPeerConnection;
  stream: MediaStream;
  pendingIce: RTCIceCandidateInit[];
  offerer: boolean;
  toSpectator: boolean;
};

export const OFFER_DELAY_MS = 1000;

export class PeerMesh {
  private peers = new Map<string, Peer>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private video: MediaStreamTrack | null = null;
  private audio: MediaStreamTrack | null = null;
  private disposed = false;

  constructor(
    private readonly publisher: boolean,
    private readonly iceServers: RTCIceServer[],
    private readonly signal: (frame: Signal) => void,
    private readonly onRemoteStream: (peerId: string, stream: MediaStream | null) => void,
  ) {}

  /** Outgoing tracks (camera, or the screen while sharing); applied to every peer at once. */
  setTracks(video: MediaStreamTrack | null, audio: MediaStreamTrack | null): void {
    this.video = video;
    this.audio = audio;
    for (const peer of this.peers.values()) this.applyTracks(peer.pc);
  }

  /** Offer to `peerId` after the join delay (replacing any older connection to it). */
  offerLater(peerId: string, toSpectator: boolean): void {
    if (!this.publisher || this.disposed) return;
    this.close(peerId);
    clearTimeout(this.timers.get(peerId));
    this.timers.set(
      peerId,
      setTimeout(() => {
        this.timers.delete(peerId);
        void this.offer(peerId, toSpectator);
      }, OFFER_DELAY_MS),
    );
  }

  /** Keeps connections to spectators in line with who currently has a video place. */
  syncSpectators(withVideo: string[]): void {
    if (!this.publisher) return;
    const wanted = new Set(withVideo);
    for (const [id, peer] of this.peers) if (peer.toSpectator && !wanted.has(id)) this.close(id);
    for (const id of wanted) if (!this.peers.has(id) && !this.timers.has(id)) this.offerLater(id, true);
  }

  hasPeer(peerId: string): boolean {
    return this.peers.has(peerId) || this.timers.has(peerId);
  }

  async handleOffer(from: string, offer: RTCSessionDescriptionInit): Promise<void> {
    this.close(from);
    const peer = this.create(from, false, false);
    await peer.pc.setRemoteDescription(offer);
    for (const t of peer.pc.getTransceivers()) {
      // A spectator never publishes; a player answers a player (the room relays no offers from spectators) with its media.
      t.direction = this.publisher ? "sendrecv" : "recvonly";
    }
    this.applyTracks(peer.pc);
    const answer = await peer.pc.createAnswer();
    await peer.pc.setLocalDescription(answer);
    this.signal({ type: "webrtc_answer", targetPlayer: from, answer: { type: "answer", sdp: answer.sdp ?? "" } });
    await this.flushIce(peer);
  }

  async handleAnswer(from: string, answer: RTCSessionDescriptionInit): Promise<void> {
    const peer = this.peers.get(from);
    if (!peer || peer.pc.signalingState !== "have-local-offer") return;
    await peer.pc.setRemoteDescription(answer);
    await this.flushIce(peer);
  }

  async handleIce(from: string, candidate: RTCIceCandidateInit | null): Promise<void> {
    const peer = this.peers.get(from);
    if (!peer || !candidate) return;
    if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(candidate).catch(() => undefined);
    else peer.pendingIce.push(candidate);
  }

  close(peerId: string): void {
    clearTimeout(this.timers.get(peerId));
    this.timers.delete(peerId);
    const peer = this.peers.get(peerId);
    if (!peer) return;
    this.peers.delete(peerId);
    peer.pc.close();
    this.onRemoteStream(peerId, null);
  }

  /** Drops every connection (our socket reconnected: the others will offer again). */
  reset(): void {
    for (const id of [...this.peers.keys(), ...this.timers.keys()]) this.close(id);
  }

  dispose(): void {
    this.disposed = true;
    this.reset();
  }

  private async offer(peerId: string, toSpectator: boolean): Promise<void> {
    if (this.disposed) return;
    const peer = this.create(peerId, true, toSpectator);
    const direction: RTCRtpTransceiverDirection = toSpectator ? "sendonly" : "sendrecv";
    peer.pc.addTransceiver("video", { direction });
    peer.pc.addTransceiver("audio", { direction });
    this.applyTracks(peer.pc);
    const offer = await peer.pc.createOffer();
    await peer.pc.setLocalDescription(offer);
    this.signal({ type: "webrtc_offer", targetPlayer: peerId, offer: { type: "offer", sdp: offer.sdp ?? "" } });
  }

  private create(peerId: string, offerer: boolean, toSpectator: boolean): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const peer: Peer = { pc, stream: new MediaStream(), pendingIce: [], offerer, toSpectator };
    this.peers.set(peerId, peer);
    pc.onicecandidate = (e) => {
      if (!e.candidate) return;
      const c = e.candidate.toJSON();
      this.signal({
        type: "webrtc_ice_candidate",
        targetPlayer: peerId,
        candidate: { candidate: c.candidate ?? "", sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex, usernameFragment: c.usernameFragment },
      });
    };
    pc.ontrack = (e) => {
      if (this.peers.get(peerId) !== peer) return;
      for (const old of peer.stream.getTracks().filter((t) => t.kind === e.track.kind)) peer.stream.removeTrack(old);
      peer.stream.addTrack(e.track);
      // A new MediaStream object makes React and <video> notice the change.
      peer.stream = new MediaStream(peer.stream.getTracks());
      this.onRemoteStream(peerId, peer.stream);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed" && peer.offerer && this.peers.get(peerId) === peer) {
        // Try again with a fresh connection (ICE restart by rebuild keeps the code simple).
        this.offerLater(peerId, peer.toSpectator);
      }
    };
    return peer;
  }

  private applyTracks(pc: RTCPeerConnection): void {
    for (const t of pc.getTransceivers()) {
      if (t.direction === "recvonly" || t.direction === "inactive" || t.direction === "stopped") continue;
      const kind = t.receiver.track.kind;
      const track = kind === "video" ? this.video : kind === "audio" ? this.audio : null;
      if (t.sender.track !== track) void t.sender.replaceTrack(track).catch(() => undefined);
    }
  }

  private async flushIce(peer: Peer): Promise<void> {
    for (const c of peer.pendingIce.splice(0)) await peer.pc.addIceCandidate(c).catch(() => undefined);
  }
}
