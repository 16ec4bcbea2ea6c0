/**
 * What the groups area offers other areas: they import it from here, never from the area's files
 * (the layer rule in biome.json); everything else in the folder is the area's own.
 */
export {
  deleteGroupAssignment,
  deleteResourceLinks,
  insertCourierGroup,
  insertGroupAssignments,
  joinGroup,
  leaveCourierGroups,
} from './queries';
