# The include layers of src/tpool (docs/architecture.md, "Source map of
# tpool.dll"), checked: cmake -DROOT=<src/tpool> -P check_include_layers.cmake
#
#   core/              the pool; its headers include no header of another
#                      room (the services built on the pool are declared
#                      there, never included), so a change to a service
#                      recompiles the service and its callers only
#   groups/, triggers/ services built on the pool; their headers include
#                      core's, their own room's and nothing of api/
#   api/               the exported C ABI; includes what it needs
#
# .cpp files may include any room's header: only they use a service.
# Headers are included by their bare names, so no two files of the rooms
# share one. Prints every violation and fails if there is one.
cmake_minimum_required(VERSION 3.25)
if(NOT ROOT OR NOT IS_DIRECTORY "${ROOT}")
  message(FATAL_ERROR "usage: cmake -DROOT=<src/tpool> -P check_include_layers.cmake")
endif()
get_filename_component(ROOT "${ROOT}" ABSOLUTE)

set(_rooms api core groups triggers)
# May a header of room <from> include a header of room <to>?
set(_allowed_core core)
set(_allowed_groups core groups)
set(_allowed_triggers core triggers)
set(_allowed_api api core groups triggers)

set(_problems "")
foreach(room IN LISTS _rooms)
  file(GLOB _files RELATIVE "${ROOT}" "${ROOT}/${room}/*.h" "${ROOT}/${room}/*.cpp")
  foreach(file IN LISTS _files)
    get_filename_component(_name "${file}" NAME)
    if(DEFINED _room_of_${_name})
      string(APPEND _problems "  ${file}: the name is taken by ${_room_of_${_name}}/${_name}\n")
    endif()
    set(_room_of_${_name} ${room})
  endforeach()
endforeach()

set(_headers 0)
foreach(room IN LISTS _rooms)
  file(GLOB _files RELATIVE "${ROOT}" "${ROOT}/${room}/*.h")
  foreach(file IN LISTS _files)
    math(EXPR _headers "${_headers} + 1")
    file(STRINGS "${ROOT}/${file}" _includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS _includes)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*$" "\\1" _included "${line}")
      get_filename_component(_included_name "${_included}" NAME)
      if(NOT DEFINED _room_of_${_included_name})
        continue()  # outside the rooms: public headers, src/sync, src/platform, ...
      endif()
      set(_to ${_room_of_${_included_name}})
      if(NOT _to IN_LIST _allowed_${room})
        string(APPEND _problems
          "  ${file} includes ${_to}/${_included_name}: a ${room}/ header may include only "
          "headers of ${_allowed_${room}}\n")
      endif()
    endforeach()
  endforeach()
endforeach()

if(_headers EQUAL 0)
  message(FATAL_ERROR "no headers found under ${ROOT}/{${_rooms}}: wrong ROOT?")
endif()
if(NOT _problems STREQUAL "")
  message(FATAL_ERROR "include layers of ${ROOT} broken:\n${_problems}")
endif()
message(STATUS "include layers of ${ROOT}: ${_headers} headers, every include allowed")
