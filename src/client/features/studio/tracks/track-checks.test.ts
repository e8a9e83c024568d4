import { describe, expect, it } from "vitest";
import { TRACK_MAX_BYTES, TRACK_MESSAGES, TRACK_TITLE_MAX } from "../../../../common/radio";
import { ApiError } from "../../../lib/api";
import { checkTrackDetails, checkTrackFile, trackFailure, UPLOAD_FAILED } from "./track-checks";

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe("checkTrackFile", () => {
  it("refuses before sending what the server would refuse for certain", () => {
    expect(checkTrackFile(null)).toBe(TRACK_MESSAGES.fileRequired);
    expect(checkTrackFile(file("long.mp3", "audio/mpeg", TRACK_MAX_BYTES + 1))).toBe(TRACK_MESSAGES.tooLarge);
    expect(checkTrackFile(file("notes.txt", "text/plain"))).toBe(TRACK_MESSAGES.notAudio);
    expect(checkTrackFile(file("empty.mp3", "audio/mpeg", 0))).toBe(TRACK_MESSAGES.undecodable);
  });

  it("sends the rest for the server to judge by its content", () => {
    expect(checkTrackFile(file("song.mp3", "audio/mpeg", TRACK_MAX_BYTES))).toBeNull();
    expect(checkTrackFile(file("song.opus", "audio/ogg"))).toBeNull();
    expect(checkTrackFile(file("song.opus", ""))).toBeNull();
    // A type the browser guessed oddly, with a name the radio takes.
    expect(checkTrackFile(file("song.mp3", "audio/mp3"))).toBeNull();
    expect(checkTrackFile(file("song.ogg", "application/octet-stream"))).toBeNull();
  });
});

describe("checkTrackDetails", () => {
  it("reads the title and description as the server does: trimmed, the title required, both within limits", () => {
    expect(checkTrackDetails({ title: "   ", description: "" })).toEqual({ title: TRACK_MESSAGES.titleRequired });
    expect(checkTrackDetails({ title: "x".repeat(TRACK_TITLE_MAX + 1), description: "" })).toEqual({ title: TRACK_MESSAGES.titleTooLong });
    expect(checkTrackDetails({ title: ` ${"x".repeat(TRACK_TITLE_MAX)} `, description: "" })).toEqual({});
    expect(checkTrackDetails({ title: "Night Bus", description: "y".repeat(1001) })).toEqual({ description: TRACK_MESSAGES.descriptionTooLong });
  });
});

describe("trackFailure", () => {
  const error = (status: number, code: string, message: string, fields?: Record<string, string>) => new ApiError({ status, code: code as never, message, fields });

  it("puts the server's words on the field it refused", () => {
    expect(trackFailure(error(415, "UNSUPPORTED_MEDIA_TYPE", TRACK_MESSAGES.notAudio, { file: TRACK_MESSAGES.notAudio }), UPLOAD_FAILED)).toEqual({
      file: TRACK_MESSAGES.notAudio,
    });
    expect(trackFailure(error(422, "AUDIO_REFUSED", TRACK_MESSAGES.silent, { file: TRACK_MESSAGES.silent }), UPLOAD_FAILED)).toEqual({ file: TRACK_MESSAGES.silent });
    expect(
      trackFailure(error(400, "VALIDATION_FAILED", TRACK_MESSAGES.titleRequired, { title: TRACK_MESSAGES.titleRequired, cover_media_id: "Please upload the cover again" }), UPLOAD_FAILED),
    ).toEqual({ title: TRACK_MESSAGES.titleRequired, cover_media_id: "Please upload the cover again" });
  });

  it("says a refused body on the file, and anything else above the form", () => {
    expect(trackFailure(error(413, "PAYLOAD_TOO_LARGE", "Request body too large"), UPLOAD_FAILED)).toEqual({ file: TRACK_MESSAGES.tooLarge });
    expect(trackFailure(error(503, "UNAVAILABLE", "Many tracks are being uploaded right now."), UPLOAD_FAILED)).toEqual({ form: "Many tracks are being uploaded right now." });
    expect(trackFailure(error(403, "SUSPENDED", "Your creator profile is suspended."), UPLOAD_FAILED)).toEqual({ form: "Your creator profile is suspended." });
    expect(trackFailure(error(0, "NETWORK_ERROR", "Could not reach the server."), UPLOAD_FAILED)).toEqual({ form: UPLOAD_FAILED });
    expect(trackFailure(new Error("boom"), UPLOAD_FAILED)).toEqual({ form: UPLOAD_FAILED });
  });
});
