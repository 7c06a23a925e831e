import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import './number-stepper.css';

/**
 * A whole number between `min` and `max` with minus and plus buttons around it (44 px targets): the
 * count is announced as it changes, and each button is named by what it does to `label`.
 */
export function NumberStepper(props: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  label: string;
  /** The buttons' names, e.g. "One fewer" and "One more". */
  less: string;
  more: string;
}) {
  const { value, min, max, onChange } = props;
  return (
    <fieldset className="number-stepper" aria-label={props.label}>
      <button type="button" aria-label={props.less} disabled={value <= min} onClick={() => onChange(Math.max(min, value - 1))}>
        <MinusOutline />
      </button>
      <span className="number-stepper-value" aria-live="polite" aria-atomic="true">
        {value}
      </span>
      <button type="button" aria-label={props.more} disabled={value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        <AddOutline />
      </button>
    </fieldset>
  );
}
