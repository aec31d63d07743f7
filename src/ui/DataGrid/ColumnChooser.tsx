/** The column chooser: a checkbox list in a popover; the choice is persisted by useGridPrefs. */
import { Checkbox, CheckboxGroup, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { m } from '../../paraglide/messages.js';
import { Button } from '../Button.tsx';
import { Icon } from '../Icon.tsx';
import { isColumnShown, type ColumnChoice } from './grid-columns.ts';
import { columnLabel, type GridColumn } from './grid-types.ts';
import { GridIcon } from './GridIcons.tsx';

export interface ColumnChooserProps<Row> {
  columns: readonly GridColumn<Row>[];
  choice: ColumnChoice;
  onToggle: (id: string, shown: boolean) => void;
  onReset: () => void;
}

export function ColumnChooser<Row>({ columns, choice, onToggle, onReset }: ColumnChooserProps<Row>) {
  const offered = columns.filter((c) => !c.alwaysVisible);
  const shown = offered.filter((c) => isColumnShown(c, choice)).map((c) => c.id);
  // the last visible column stays (toggleColumn refuses too); always-visible ones count
  const lastOne = shown.length === 1 && offered.length === columns.length;
  return (
    <DialogTrigger>
      <Button size="sm" variant="text" aria-label={m.grid_columns()} icon={<GridIcon name="columns" />}>
        <span className="cd-grid__tool-text">{m.grid_columns()}</span>
      </Button>
      <Popover placement="bottom end" className="cd-popover cd-grid__chooser">
        <Dialog className="cd-grid__chooser-dialog" aria-label={m.grid_columns_title()}>
          <CheckboxGroup
            aria-label={m.grid_columns_title()}
            value={shown}
            onChange={(next) => {
              const set = new Set(next);
              for (const c of offered) {
                const now = set.has(c.id);
                if (now !== shown.includes(c.id)) onToggle(c.id, now);
              }
            }}
            className="cd-grid__chooser-list"
          >
            {offered.map((c) => (
              <Checkbox
                key={c.id}
                value={c.id}
                className="cd-grid__check-item"
                isDisabled={lastOne && shown[0] === c.id}
              >
                <span className="cd-grid__checkmark" aria-hidden="true">
                  <Icon name="check" size={12} />
                </span>
                {columnLabel(c)}
              </Checkbox>
            ))}
          </CheckboxGroup>
          <div className="cd-grid__chooser-foot">
            <Button size="sm" variant="link" onPress={onReset}>
              {m.grid_columns_reset()}
            </Button>
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
