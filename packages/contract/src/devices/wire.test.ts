import { describe, expect, it } from 'vitest';
import { DEVICE_CSV_HEADERS, deviceCsvTemplateHeaders } from './wire';

describe('deviceCsvTemplateHeaders (spec operational §1: one brand sees only that brand in bulk upload)', () => {
  it("gives an Ojmar-only organization the common columns and Ojmar's fields only", () => {
    const headers = deviceCsvTemplateHeaders(['ojmar'], false);
    expect(headers).toEqual([
      'name',
      'custom_identifier',
      'locker_number',
      'mode',
      'status',
      'hardware_type',
      'id_location',
      'id_size',
      'id_price',
      'id_product',
      'item',
      'item_description',
      'price_required',
      'ada_compliance',
      'require_image',
      'locker_udn',
      'user_code',
      'master_code',
    ]);
  });

  it('keeps the fields of every hardware the organization may use, and shared when it may share', () => {
    const headers = deviceCsvTemplateHeaders(['linka', 'kerong', 'virtual'], true);
    expect(headers).toContain('shared');
    expect(headers).toEqual(
      expect.arrayContaining(['mac_address', 'ip', 'circuit_unit', 'board_unit', 'hook_port']),
    );
    expect(headers).not.toContain('locker_udn');
    expect(headers.filter((h) => h === 'mac_address')).toHaveLength(1);
    expect(
      deviceCsvTemplateHeaders(
        [
          ...new Set([
            'linka',
            'spintly',
            'ojmar',
            'gantner',
            'harbor',
            'dclock',
            'kerong',
            'headleader',
          ] as const),
        ],
        true,
      ),
    ).toEqual([...DEVICE_CSV_HEADERS]);
  });
});
