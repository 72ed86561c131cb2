/**
 * A product's categories or tags in its editor: each shown with a Remove button, a new one typed and added with
 * Enter or the Add button. One given twice (case aside, as the server compares them) is refused with the
 * editor's message of spec 001, 'This {tagType} already exists', under the field.
 */
import { type KeyboardEvent, useState } from 'react';
import { EDITOR_MESSAGES } from '../messages.js';

export function LabelList({ kind, heading, values, onChange }: { kind: 'category' | 'tag'; heading: string; values: readonly string[]; onChange: (values: string[]) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = `${kind}-new`;

  const add = () => {
    const value = text.trim();
    if (value === '') return;
    if (values.some((v) => v.toLowerCase() === value.toLowerCase())) return setProblem(EDITOR_MESSAGES.alreadyExists(kind));
    setProblem(null);
    setText('');
    onChange([...values, value]);
  };
  // Enter adds (rather than sending the product's form)
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset>
      <legend>{heading}</legend>
      {values.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="labels">
          {values.map((value) => (
            <li key={value}>
              {value}{' '}
              <button type="button" className="quiet" aria-label={`Remove the ${kind} ${value}`} onClick={() => onChange(values.filter((v) => v !== value))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <div>
          <label htmlFor={id}>New {kind}</label>
          <input
            id={id}
            value={text}
            maxLength={100}
            aria-invalid={problem !== null}
            aria-describedby={problem === null ? undefined : `${id}-error`}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <button type="button" className="quiet" onClick={add}>
          Add the {kind}
        </button>
      </div>
      {problem === null ? null : (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
