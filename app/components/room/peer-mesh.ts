/**
 * WebRTC mesh for one room. Players publish camera + mic to every other
 * player (sendrecv) and to spectators with a video place (sendonly);
 * spectators only answer (recvonly). Tracks are swapped with replaceTrack,
 * so enabling the camera or sharing the screen never renegotiates.
 *
 * Who offers: the members already in the room offer to a newly joined one,
 * 1 s after it joined (spec 001 §4), so two sides never offer at once.
 *
 * Every outgoing video keeps to the table's bitrate budget (video-budget.ts), set on its sender when the
 * connection is made and whenever the table's size changes; while a connection is up, the statistics are read
 * every few seconds and the budget follows the measured upload.
 */
import type { ClientFrame } from "../../../workers/contract/room/protocol";
import { adaptUpload, INITIAL_UPLOAD, tableBudget, type UploadState } from "./video-budget";
import { setEncoding, videoSender } from "./video-budget-sender";
import { connectionSample, readUploadStats, statsEntries } from "./video-budget-stats";

export type Signal = Extract<ClientFrame, { type: "webrtc_offer" | "webrtc_answer" | "webrtc_ice_candidate" }>;

type Peer = {
  pc: RTCPeerConnection;
  stream: MediaStream;
  pendingIce: RTCIceCandidateInit[];
  offerer: boolean;
  toSpectator: boolean;
  /** When the connection first reached "connected" (null before, and after it failed or closed). */
  connectedAt: number | null;
  /** The budget's bitrate for this connection, as last set. */
  maxBitrate: number;
  /** Parameter changes on one sender go one after the other (each reads the one before). */
  budgetApplied: Promise<void>;
};

export const OFFER_DELAY_MS = 1000;
/** How often a connected player's statistics are read (nothing is read while no connection is up). */
export const UPLOAD_SAMPLE_MS = 5000;
/** A new connection's bandwidth estimate starts low (300 kbit/s in Chromium) and ramps up: its first seconds say nothing of the upload. */
export const UPLOAD_WARM_UP_MS = 20_000;

export class PeerMesh {
  private peers = new Map<string, Peer>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private video: MediaStreamTrack | null = null;
  private audio: MediaStreamTrack | null = null;
  private disposed = false;
  private upload: UploadState = INITIAL_UPLOAD;
  private uploadTimer: ReturnType<typeof setInterval> | null = null;
  private sampling = false;

  constructor(
    private readonly publisher: boolean,
    private readonly iceServers: RTCIceServer[],
    private readonly signal: (frame: Signal) => void,
    private readonly onRemoteStream: (peerId: string, stream: MediaStream | null) => void,
    /** Whether this player's upload is what limits their video (the notice on their own tile). */
    private readonly onUploadLimited: (limited: boolean) => void = () => undefined,
  ) {}

  /** Outgoing tracks (camera, or the screen while sharing); applied to every peer at once. */
  setTracks(video: MediaStreamTrack | null, audio: MediaStreamTrack | null): void {
    this.video = video;
    this.audio = audio;
    for (const peer of this.peers.values()) this.applyTracks(peer.pc);
    // A shared screen is taller than the camera: the scale follows the track.
    this.applyBudget();
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
    this.applyBudget();
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
    // One fewer upload: the others may take its share.
    this.applyBudget();
    this.watchUpload();
  }

  /** Drops every connection (our socket reconnected: the others will offer again). */
  reset(): void {
    for (const id of [...this.peers.keys(), ...this.timers.keys()]) this.close(id);
  }

  dispose(): void {
    this.disposed = true;
    this.reset();
  }

  /**
   * Sets every outgoing video to the table's budget: one share per connection, by who receives it (a player or a
   * spectator), scaled by the measured upload. A sender whose parameters already match is left alone.
   */
  private applyBudget(): void {
    if (!this.publisher) return;
    const peers = [...this.peers.values()];
    const budget = tableBudget(
      { players: peers.filter((p) => !p.toSpectator).length, spectators: peers.filter((p) => p.toSpectator).length },
      this.upload.scale,
    );
    const trackHeight = this.video?.getSettings().height;
    for (const peer of peers) {
      const encoding = peer.toSpectator ? budget.spectator : budget.player;
      peer.maxBitrate = encoding.maxBitrate;
      const sender = videoSender(peer.pc);
      if (!sender) continue;
      peer.budgetApplied = peer.budgetApplied.then(() => setEncoding(sender, encoding, trackHeight)).catch(() => undefined);
    }
  }

  /** Reads the statistics on a timer while at least one connection is up; none runs for a player alone. */
  private watchUpload(): void {
    const connected = this.publisher && !this.disposed && [...this.peers.values()].some((p) => p.connectedAt !== null);
    if (connected && !this.uploadTimer) {
      this.uploadTimer = setInterval(() => void this.sampleUpload(), UPLOAD_SAMPLE_MS);
    } else if (!connected && this.uploadTimer) {
      clearInterval(this.uploadTimer);
      this.uploadTimer = null;
      this.setUpload(INITIAL_UPLOAD);
    }
  }

  private async sampleUpload(): Promise<void> {
    if (this.sampling || !this.video) return;
    this.sampling = true;
    try {
      const now = Date.now();
      const connected = [...this.peers.values()].filter((p) => p.connectedAt !== null && videoSender(p.pc)?.track);
      const sample = await Promise.all(
        connected.map(async (peer) =>
          connectionSample(
            readUploadStats(statsEntries(await peer.pc.getStats())),
            peer.maxBitrate,
            now - (peer.connectedAt ?? now) >= UPLOAD_WARM_UP_MS,
          ),
        ),
      );
      if (!this.disposed) this.setUpload(adaptUpload(this.upload, sample));
    } catch {
      // A connection closed while its statistics were read: the next sample reads the ones left.
    } finally {
      this.sampling = false;
    }
  }

  private setUpload(next: UploadState): void {
    const before = this.upload;
    this.upload = next;
    if (next.scale !== before.scale) this.applyBudget();
    if (next.notice !== before.notice) this.onUploadLimited(next.notice);
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
    this.applyBudget();
    this.signal({ type: "webrtc_offer", targetPlayer: peerId, offer: { type: "offer", sdp: offer.sdp ?? "" } });
  }

  private create(peerId: string, offerer: boolean, toSpectator: boolean): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const peer: Peer = {
      pc,
      stream: new MediaStream(),
      pendingIce: [],
      offerer,
      toSpectator,
      connectedAt: null,
      maxBitrate: 0,
      budgetApplied: Promise.resolve(),
    };
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
      if (this.peers.get(peerId) !== peer) return;
      if (pc.connectionState === "connected") peer.connectedAt ??= Date.now();
      if (pc.connectionState === "failed" || pc.connectionState === "closed") peer.connectedAt = null;
      this.watchUpload();
      if (pc.connectionState === "failed" && peer.offerer) {
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
