/** Shared OpenAPI pieces: the error body of ARCHITECTURE.md §5 (common/api/error.ts) as a response, and the responses every route may give. */
import { ApiErrorBodySchema } from "../../common/api/error.js";

export const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

export const ErrorResponses = {
  400: { description: "Invalid input; `fields` names each bad field", content: errorContent },
  403: { description: "Cross-site request refused", content: errorContent },
  413: { description: "Body too large", content: errorContent },
  415: { description: "Body is not JSON", content: errorContent },
  429: { description: "Too many requests", content: errorContent },
} as const;
