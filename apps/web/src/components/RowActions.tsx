import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';

/** The edit and delete icons of a list row, labelled 'Edit {name}' / 'Delete {name}'; each shown only with its handler. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleteRefused,
}: {
  name: string;
  onEdit?: (() => void) | false;
  onDelete?: (() => void) | false;
  /** Why this row cannot be deleted: the delete icon is shown disabled, saying so, instead of refusing after a click. */
  deleteRefused?: string | false;
}) {
  return (
    <>
      {onEdit && (
        <Tooltip title="Edit">
          <IconButton aria-label={`Edit ${name}`} onClick={onEdit} size="small">
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && deleteRefused && (
        <Tooltip title={deleteRefused} describeChild>
          <span>
            <IconButton aria-label={`Delete ${name}: ${deleteRefused}`} disabled size="small">
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {onDelete && !deleteRefused && (
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${name}`} onClick={onDelete} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
