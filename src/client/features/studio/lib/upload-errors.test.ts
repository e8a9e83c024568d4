import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "../../../../common/media-fields";
import { ApiError } from "../../../lib/api";
import { checkImageFile, uploadFailure, UPLOAD_FAILED } from "./upload-errors";

describe("checkImageFile", () => {
  it("refuses what the server would refuse before sending it", () => {
    expect(checkImageFile(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" }))).toBe(MEDIA_MESSAGES.tooLarge);
    expect(checkImageFile(new File(["%PDF"], "doc.pdf", { type: "application/pdf" }))).toBe(MEDIA_MESSAGES.notImage);
    expect(checkImageFile(new File([], "empty.png", { type: "image/png" }))).toBe(MEDIA_MESSAGES.unreadable);
    expect(checkImageFile(new File(["x"], "photo.heic", { type: "" }))).toBeNull();
    expect(checkImageFile(new File(["x"], "photo.webp", { type: "image/webp" }))).toBeNull();
  });
});

describe("uploadFailure", () => {
  const error = (status: number, code: string, message: string, file?: string) =>
    new ApiError({ status, code: code as never, message, fields: file ? { file } : undefined });

  it("passes on the server's upload messages, whichever status carries them", () => {
    expect(uploadFailure(error(413, "IMAGE_TOO_LARGE", MEDIA_MESSAGES.tooManyPixels, MEDIA_MESSAGES.tooManyPixels))).toBe(
      MEDIA_MESSAGES.tooManyPixels,
    );
    expect(uploadFailure(error(415, "UNSUPPORTED_MEDIA_TYPE", MEDIA_MESSAGES.notImage, MEDIA_MESSAGES.notImage))).toBe(MEDIA_MESSAGES.notImage);
  });

  it("words the others by status, and never shows a stack or a code", () => {
    expect(uploadFailure(error(413, "PAYLOAD_TOO_LARGE", "Request body too large"))).toBe(MEDIA_MESSAGES.tooLarge);
    expect(uploadFailure(error(400, "VALIDATION_FAILED", "Invalid request"))).toBe(MEDIA_MESSAGES.unreadable);
    expect(uploadFailure(error(500, "INTERNAL", "boom"))).toBe(UPLOAD_FAILED);
    expect(uploadFailure(new Error("offline"))).toBe(UPLOAD_FAILED);
    expect(uploadFailure(error(0, "NETWORK_ERROR", "Could not reach the server."))).toBe(UPLOAD_FAILED);
  });

  it("says any other refusal in the server's words, never 'check your connection'", () => {
    expect(uploadFailure(error(401, "UNAUTHORIZED", "Please sign in to continue."))).toBe("Please sign in to continue.");
    expect(uploadFailure(error(403, "NOT_CREATOR", "Only creators have a studio."))).toBe("Only creators have a studio.");
    expect(uploadFailure(error(429, "RATE_LIMITED", "Too many uploads."))).toBe("Too many uploads.");
  });
});
