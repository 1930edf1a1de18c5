import { Radio } from "antd";

export interface ListViewsProps<V extends string> {
  /** The form name of the radios, unique on the page. */
  name: string;
  /** What the choice is, for screen readers ("Show"). */
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
}

/**
 * The list's views as a row of buttons (all, unread, read, archived; current
 * or archived people), for a list page's toolbar. antd's group passes no role
 * on, so the radiogroup is named here.
 */
export function ListViews<V extends string>({ name, label, value, onChange, options }: ListViewsProps<V>) {
  return (
    <div role="radiogroup" aria-label={label}>
      <Radio.Group name={name} optionType="button" value={value} onChange={(event) => onChange(event.target.value as V)} options={[...options]} />
    </div>
  );
}
