# Where the version comes from, for the build (the root CMakeLists.txt) and
# for tools/package.sh (tpool_release_info.cmake, in script mode).
#
# Each library's version is written once, in its public header:
# TPOOL_VERSION_MAJOR/MINOR/PATCH in include/tpool/tpool.h (the product's
# version: the release is tpool <version>) and PRIOQ_VERSION_* in
# include/prioq/prioq.h (prioq.dll's own). That is what a program compiles
# against and what tpool_version() and prioq_version() return; CMake reads it
# from there for project(VERSION), the VERSIONINFO resources, the package
# version files and the archive names. CHANGELOG.md says whether the version
# is released: its newest "## [x.y.z] - yyyy-mm-dd" heading.

# tpool_header_version(<PREFIX> <header> <out_var>): "<major>.<minor>.<patch>"
# from the header's #define <PREFIX>_VERSION_MAJOR/MINOR/PATCH lines.
function(tpool_header_version prefix header out_var)
  file(STRINGS ${header} lines REGEX "^#define ${prefix}_VERSION_(MAJOR|MINOR|PATCH) ")
  set(parts)
  foreach(part MAJOR MINOR PATCH)
    set(value "")
    foreach(line IN LISTS lines)
      if(line MATCHES "^#define ${prefix}_VERSION_${part} +([0-9]+)[ \t]*$")
        set(value ${CMAKE_MATCH_1})
      endif()
    endforeach()
    if(value STREQUAL "")
      message(FATAL_ERROR "${header}: no '#define ${prefix}_VERSION_${part} <number>' line")
    endif()
    list(APPEND parts ${value})
  endforeach()
  list(JOIN parts "." version)
  set(${out_var} ${version} PARENT_SCOPE)
endfunction()

# tpool_changelog_status(<changelog> <version> <out_prefix>) sets
#   <out_prefix>_RELEASED  ON when the newest released heading is <version>
#   <out_prefix>_DATE      that heading's date (yyyy-mm-dd), else empty
#   <out_prefix>_LABEL     <version> when released, else <version>-dev: what
#                          names an archive and the resources' version strings
#   <out_prefix>_ERROR     why the CHANGELOG and <version> disagree, else empty:
#                          the newest release is newer than <version>; or it is
#                          <version> while [Unreleased] still lists changes
#                          (they need a higher version); or no release heading.
function(tpool_changelog_status changelog version out_prefix)
  file(STRINGS ${changelog} lines)
  set(released_version "")
  set(released_date "")
  set(in_unreleased OFF)
  set(unreleased_entries 0)
  foreach(line IN LISTS lines)
    if(line MATCHES "^## \\[Unreleased\\]")
      set(in_unreleased ON)
    elseif(line MATCHES "^## \\[([0-9]+\\.[0-9]+\\.[0-9]+)\\] - ([0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9])[ \t]*$")
      set(released_version ${CMAKE_MATCH_1})
      set(released_date ${CMAKE_MATCH_2})
      break()
    elseif(line MATCHES "^## ")
      set(in_unreleased OFF)
    elseif(in_unreleased AND line MATCHES "^[-*] ")
      math(EXPR unreleased_entries "${unreleased_entries} + 1")
    endif()
  endforeach()

  set(released OFF)
  set(date "")
  set(label "${version}-dev")
  set(error "")
  if(released_version STREQUAL "")
    set(error "${changelog} has no released heading '## [x.y.z] - yyyy-mm-dd'")
  elseif(released_version VERSION_GREATER version)
    set(error "${changelog} releases ${released_version} (${released_date}), newer than the "
              "headers' ${version}: raise TPOOL_VERSION_* in include/tpool/tpool.h")
  elseif(released_version VERSION_EQUAL version)
    if(unreleased_entries GREATER 0)
      set(error "${changelog} releases ${version} but [Unreleased] lists ${unreleased_entries} "
                "changes: raise TPOOL_VERSION_* in include/tpool/tpool.h for them")
    else()
      set(released ON)
      set(date ${released_date})
      set(label ${version})
    endif()
  endif()
  string(JOIN "" error ${error})
  set(${out_prefix}_RELEASED ${released} PARENT_SCOPE)
  set(${out_prefix}_DATE "${date}" PARENT_SCOPE)
  set(${out_prefix}_LABEL ${label} PARENT_SCOPE)
  set(${out_prefix}_ERROR "${error}" PARENT_SCOPE)
endfunction()
