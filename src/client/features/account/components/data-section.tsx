import { buttonClasses } from "../../../components/ui/button";
import { EXPORT_URL } from "../api/account";
import { SETTINGS_TEXT } from "../lib/texts";
import { SettingsSection } from "./settings-section";

const TEXT = SETTINGS_TEXT.data;

/** Download my data: a plain link, the server answers with the file as an attachment. */
export function DataSection() {
  return (
    <SettingsSection id="data" title={TEXT.title}>
      <p>{TEXT.body}</p>
      <a href={EXPORT_URL} download className={buttonClasses({ variant: "secondary" }, "w-full sm:w-fit")}>
        {TEXT.download}
      </a>
    </SettingsSection>
  );
}
