import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';

/** The edit and delete icons of a list row, labelled 'Edit {name}' / 'Delete {name}'; each shown only with its handler. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit?: (() => void) | false;
  onDelete?: (() => void) | false;
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
      {onDelete && (
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${name}`} onClick={onDelete} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
