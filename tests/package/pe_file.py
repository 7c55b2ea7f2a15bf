"""The parts of a PE file (DLL or EXE) the package tests read: its sections
and the data at a relative virtual address. Python's standard library only,
so the tests need no Windows tool."""

import struct


class PeFile:
    """A PE image read from disk. Raises ValueError when it is not one."""

    def __init__(self, path):
        with open(path, "rb") as file:
            self.data = file.read()
        data = self.data
        if data[:2] != b"MZ":
            raise ValueError(f"{path}: no MZ header")
        pe = struct.unpack_from("<I", data, 0x3C)[0]
        if data[pe:pe + 4] != b"PE\0\0":
            raise ValueError(f"{path}: no PE signature")
        (self.machine, section_count, self.timestamp, symbol_table, symbol_count,
         optional_size, _) = struct.unpack_from("<HHIIIHH", data, pe + 4)
        optional = pe + 24
        magic = struct.unpack_from("<H", data, optional)[0]
        if magic == 0x10B:  # PE32
            directories = optional + 96
        elif magic == 0x20B:  # PE32+
            directories = optional + 112
        else:
            raise ValueError(f"{path}: unknown optional header magic {magic:#x}")
        directory_count = struct.unpack_from("<I", data, directories - 4)[0]
        self.directories = [struct.unpack_from("<II", data, directories + 8 * i)
                            for i in range(directory_count)]
        # Names longer than 8 bytes are "/<offset>" into the COFF string table,
        # which follows the symbol table.
        strings = symbol_table + 18 * symbol_count
        self.sections = []
        for i in range(section_count):
            entry = optional + optional_size + 40 * i
            raw_name = data[entry:entry + 8].rstrip(b"\0").decode("ascii")
            if raw_name.startswith("/") and symbol_table:
                start = strings + int(raw_name[1:])
                raw_name = data[start:data.index(b"\0", start)].decode("ascii")
            virtual_size, rva, raw_size, raw_offset = struct.unpack_from("<IIII", data, entry + 8)
            self.sections.append((raw_name, rva, virtual_size, raw_offset, raw_size))

    def section(self, name):
        """The raw bytes of the section called name, or None."""
        for section_name, _, virtual_size, raw_offset, raw_size in self.sections:
            if section_name == name:
                return self.data[raw_offset:raw_offset + min(virtual_size or raw_size, raw_size)]
        return None

    def offset(self, rva):
        """The file offset of a relative virtual address."""
        for _, start, virtual_size, raw_offset, raw_size in self.sections:
            if start <= rva < start + max(virtual_size, raw_size):
                return raw_offset + rva - start
        raise ValueError(f"RVA {rva:#x} is in no section")
