import { GROUP_MESSAGES, type TGroup, type TGroupResourceType } from '@lockerops/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Autocomplete,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import {
  groupsKey,
  saveGroup,
  useAssignOptions,
  useGroupAssignment,
  useGroupForm,
  useGroupMembers,
} from './hooks';

type Option = { id: string; name: string };

function Assign({
  label,
  options,
  onAdd,
  disabled,
}: {
  label: string;
  options: Option[];
  onAdd: (o: Option) => void;
  disabled: boolean;
}) {
  const [value, setValue] = useState<Option | null>(null);
  const { t } = useTranslation('groups');
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Autocomplete
        sx={{ flex: 1 }}
        size="small"
        options={options}
        value={value}
        onChange={(_e, v) => setValue(v)}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(p) => <TextField {...p} label={label} />}
      />
      <Button
        disabled={!value || disabled}
        onClick={() => {
          if (value) onAdd(value);
          setValue(null);
        }}
      >
        {t('common:button.add')}
      </Button>
    </Box>
  );
}

/** The users and resources of a group being edited, with add and remove. */
function GroupMembersEditor({ group, canEdit }: { group: TGroup; canEdit: boolean }) {
  const members = useGroupMembers(group.id);
  const assign = useGroupAssignment(group.id);
  const users = useAssignOptions('users', canEdit);
  const locations = useAssignOptions('locations', canEdit);
  const devices = useAssignOptions('devices', canEdit);
  const inGroup = new Set(members.data?.users.map((u) => u.id));
  const held = new Set(members.data?.resources.map((r) => `${r.resource_type}:${r.id_resource}`));
  const resourceOptions = (type: TGroupResourceType, opts: Option[] = []) =>
    opts.filter((o) => !held.has(`${type}:${o.id}`));
  const { t } = useTranslation('groups');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1">{t('field.users')}</Typography>
      {canEdit ? (
        <Assign
          label={t('members.addUser')}
          options={(users.data ?? []).filter((o) => !inGroup.has(o.id))}
          disabled={assign.isPending}
          onAdd={(o) => assign.mutate({ kind: 'user', remove: false, id: o.id })}
        />
      ) : null}
      <List dense>
        {members.data?.users.map((u) => (
          <ListItem
            key={u.id}
            secondaryAction={
              canEdit ? (
                <IconButton
                  aria-label={t('members.remove', { name: u.name })}
                  onClick={() => assign.mutate({ kind: 'user', remove: true, id: u.id })}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              ) : null
            }
          >
            <ListItemText primary={[u.name, u.last_name].filter(Boolean).join(' ')} secondary={u.email} />
          </ListItem>
        ))}
      </List>
      <Typography variant="subtitle1">{t('members.resources')}</Typography>
      {canEdit ? (
        <>
          <Assign
            label={t('members.addLocation')}
            options={resourceOptions('location', locations.data)}
            disabled={assign.isPending}
            onAdd={(o) => assign.mutate({ kind: 'resource', remove: false, id: o.id, type: 'location' })}
          />
          <Assign
            label={t('members.addDevice')}
            options={resourceOptions('device', devices.data)}
            disabled={assign.isPending}
            onAdd={(o) => assign.mutate({ kind: 'resource', remove: false, id: o.id, type: 'device' })}
          />
        </>
      ) : null}
      <List dense>
        {members.data?.resources.map((r) => (
          <ListItem
            key={`${r.resource_type}:${r.id_resource}`}
            secondaryAction={
              canEdit ? (
                <IconButton
                  aria-label={t('members.remove', { name: r.name })}
                  onClick={() =>
                    assign.mutate({
                      kind: 'resource',
                      remove: true,
                      id: r.id_resource,
                      type: r.resource_type,
                    })
                  }
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              ) : null
            }
          >
            <ListItemText
              primary={r.name}
              secondary={r.resource_type === 'location' ? t('members.location') : t('members.device')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * "Add Group" / "Edit Group" (spec operational §2, §5 Group 'name is required'): the name, and when
 * editing, tabs for the group's users and its locations and devices.
 */
export function GroupFormDialog({
  open,
  group,
  onClose,
}: {
  open: boolean;
  group: TGroup | null;
  onClose: () => void;
}) {
  const form = useGroupForm(group, open);
  const { t } = useTranslation('groups');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={group ? t('form.editTitle') : t('action.add')}
      form={form}
      onSubmit={(values) => saveGroup(group?.id, values)}
      successMessage={translateMessage(group ? GROUP_MESSAGES.updated : GROUP_MESSAGES.created)}
      invalidateKey={groupsKey}
      formTabLabel={group ? t('form.editTitle') : undefined}
      extraTabs={
        group ? [{ label: t('form.membersTab'), content: <GroupMembersEditor group={group} canEdit /> }] : []
      }
    >
      <FormTextField control={form.control} name="name" label={t('field.name')} required />
    </FormDialog>
  );
}
