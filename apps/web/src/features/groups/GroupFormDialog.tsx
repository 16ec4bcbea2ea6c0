import { GROUP_MESSAGES, type TGroup, type TGroupResourceType } from '@lockerops/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PickerOption } from '../../api/pickers';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormSearchPicker, FormTextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { groupsKey, saveGroup, useGroupAssignment, useGroupForm, useGroupMembers } from './hooks';

/**
 * One "add" row: a search picker of the area (searched on the server as typed) and its Add button.
 * `exclude` leaves out what the group already holds.
 */
function Assign({
  label,
  area,
  exclude,
  onAdd,
  disabled,
}: {
  label: string;
  area: 'users' | 'locations' | 'devices';
  exclude: Set<string>;
  onAdd: (o: PickerOption) => void;
  disabled: boolean;
}) {
  const form = useForm<{ id: string }>({ defaultValues: { id: '' } });
  const [value, setValue] = useState<PickerOption | null>(null);
  const { t } = useTranslation('groups');
  const held = !!value && exclude.has(value.id);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Box sx={{ flex: 1 }}>
        <FormSearchPicker control={form.control} name="id" area={area} label={label} onPick={setValue} />
      </Box>
      <Button
        disabled={!value || held || disabled}
        onClick={() => {
          if (value) onAdd(value);
          setValue(null);
          form.reset({ id: '' });
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
  const inGroup = new Set(members.data?.users.map((u) => u.id));
  const held = (type: TGroupResourceType) =>
    new Set(members.data?.resources.filter((r) => r.resource_type === type).map((r) => r.id_resource));
  const { t } = useTranslation('groups');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1">{t('field.users')}</Typography>
      {canEdit ? (
        <Assign
          label={t('members.addUser')}
          area="users"
          exclude={inGroup}
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
            area="locations"
            exclude={held('location')}
            disabled={assign.isPending}
            onAdd={(o) => assign.mutate({ kind: 'resource', remove: false, id: o.id, type: 'location' })}
          />
          <Assign
            label={t('members.addDevice')}
            area="devices"
            exclude={held('device')}
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
      <FormCheckbox control={form.control} name="couriers" label={t('field.couriers')} />
      <Typography variant="body2" color="text.secondary">
        {t('couriersHint')}
      </Typography>
    </FormDialog>
  );
}
