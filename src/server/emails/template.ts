/** The shape of one e-mail template: its subject beside the component that draws it. */
import type { ReactElement } from "react";
import type { MailContext, MailTemplateName, MailTemplates } from "./catalog.js";

export type MailProps<T extends MailTemplateName> = MailTemplates[T] & { context: MailContext };

export interface MailTemplate<T extends MailTemplateName> {
  /** Plain text (a header, never HTML), from the same props the body reads. */
  subject(props: MailTemplates[T], context: MailContext): string;
  Component(props: MailProps<T>): ReactElement;
}
